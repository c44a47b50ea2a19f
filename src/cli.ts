import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { DomainError } from './common/errors/domain-error';
import { AppConfig } from './config/app-config';
import { UsersService } from './users/users.service';

const USAGE = `Usage: npm run cli -- create-admin --email <email> [--name <name>]
  The password is read from standard input, e.g.
  printf '%s' "$PASSWORD" | npm run cli -- create-admin --email ops@example.com`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, name: { type: 'string' } },
  });
  if (positionals[0] !== 'create-admin' || !values.email) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  if (existsSync('.env')) process.loadEnvFile('.env');
  const password = await readStdin();
  const context = await NestFactory.createApplicationContext(AppModule.forRoot(new AppConfig(process.env)), { logger: ['error', 'warn'] });
  try {
    const admin = await context.get(UsersService).createAdmin(values.email, password, values.name ?? 'Administrator');
    process.stdout.write(`Created admin ${admin.email} (${admin.id})\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    process.stderr.write(`${error.code}: ${error.description}\n`);
    return 1;
  } finally {
    await context.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
    process.exit(1);
  },
);
