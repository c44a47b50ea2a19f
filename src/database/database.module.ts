import { Global, Module } from '@nestjs/common';
import { TypeOrmModule, TypeOrmModuleOptions } from '@nestjs/typeorm';
import { DataSourceOptions } from 'typeorm';
import { AppConfig, MigrationsMode } from '../config/app-config';
import { Database } from './database';
import { connectDatabase, prepareSchema } from './database-startup';
import { dataSourceOptions } from './data-source-options';

/** The module's options, and what the data source factory (which is given only these) needs besides. */
type ServiceDataSourceOptions = TypeOrmModuleOptions & { migrationsMode: MigrationsMode };

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
        migrationsMode: config.migrations,
      }),
      // The data source is ready only once its schema is: no module reads or writes before.
      dataSourceFactory: async (options) => {
        const { migrationsMode, ...rest } = options as DataSourceOptions & Pick<ServiceDataSourceOptions, 'migrationsMode'>;
        const dataSource = await connectDatabase(rest);
        await prepareSchema(dataSource, migrationsMode);
        return dataSource;
      },
    }),
  ],
  providers: [Database],
  exports: [Database],
})
export class DatabaseModule {}
