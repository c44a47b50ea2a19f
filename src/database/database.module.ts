import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { Database } from './database';
import { dataSourceOptions, runMigrations } from './data-source-options';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({ ...dataSourceOptions(config.database), autoLoadEntities: true }),
      dataSourceFactory: async (options) => {
        const dataSource = await new DataSource(options!).initialize();
        await runMigrations(dataSource);
        return dataSource;
      },
    }),
  ],
  providers: [Database],
  exports: [Database],
})
export class DatabaseModule {}
