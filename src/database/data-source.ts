import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { dataSourceOptions, ENTITY_FILES } from './data-source-options';

/**
 * For TypeORM's own CLI (e.g. `npx typeorm migration:generate -d dist/database/data-source.js`),
 * configured from the same environment variables as the service.
 */
export default new DataSource(dataSourceOptions(new AppConfig(process.env).database, [ENTITY_FILES]));
