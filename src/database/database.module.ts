import { Global, Module } from '@nestjs/common';
import { TypeOrmModule, TypeOrmModuleOptions } from '@nestjs/typeorm';
import { DataSource, DataSourceOptions } from 'typeorm';
import { AppConfig, PreparedStatementsMode } from '../config/app-config';
import { BackgroundDatabase } from './background-database';
import { Database } from './database';
import { ReadReplica } from './read-replica';
import { connectDatabase, prepareSchema, SchemaSettings } from './database-startup';
import { dataSourceOptions } from './data-source-options';
import { openPostgres } from './transaction-pooler';

/** The module's options, and what the data source factory (which is given only these) needs besides. */
type ServiceDataSourceOptions = TypeOrmModuleOptions & { schemaSettings: SchemaSettings; preparedStatements: PreparedStatementsMode };

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig): ServiceDataSourceOptions => ({
        ...dataSourceOptions(config.database),
        autoLoadEntities: true,
        // connectDatabase retries what may pass, briefly; TypeOrmModule would retry a database that does not
        // exist ten times, with a stack trace each.
        toRetry: () => false,
        schemaSettings: { mode: config.migrations, migrationUrl: config.migrationUrl, auditRetentionSeconds: config.auditRetentionSeconds },
        preparedStatements: config.database.kind === 'postgres' ? config.database.pool.preparedStatements : 'true',
      }),
      // The data source is ready only once its schema is: no module reads or writes before.
      dataSourceFactory: async (options) => {
        const { schemaSettings, preparedStatements, ...rest } = options as DataSourceOptions & Pick<ServiceDataSourceOptions, 'schemaSettings' | 'preparedStatements'>;
        const dataSource = rest.type === 'postgres' ? await openPostgres(rest, preparedStatements) : await connectDatabase(rest);
        await prepareSchema(dataSource, schemaSettings);
        return dataSource;
      },
    }),
  ],
  providers: [
    ReadReplica,
    Database,
    {
      provide: BackgroundDatabase,
      inject: [Database, DataSource, AppConfig],
      useFactory: (database: Database, dataSource: DataSource, config: AppConfig) => BackgroundDatabase.open(database, dataSource, config),
    },
  ],
  exports: [Database, BackgroundDatabase, ReadReplica],
})
export class DatabaseModule {}
