import { setFlagsFromString } from 'node:v8';

/**
 * The V8 settings of the service's process, set before anything else is loaded (main.ts imports this
 * module first).
 *
 * Allocation-site pretenuring off. V8 watches where objects are created, and a place whose objects nearly all
 * survived a young-generation collection gets its objects created in the old generation from then on.
 * At start-up that is right for many places (what Nest and TypeORM build lives as long as the process),
 * but the same places then create a request's short-lived objects, straight into the old generation.
 * There they point at the request's young objects (its promises, closures, socket buffers), which every
 * young collection must then keep and copy, and finally promote as well, until a full collection finds
 * them dead: the request's whole graph, every request. Measured on a member's read with PostgreSQL
 * (docs/performance.md): 3.5 MB promoted per young collection instead of 20 KB, each such collection
 * taking 10 ms instead of 1.4, 30 % more CPU per read. Nothing but the garbage collector's timing
 * depends on this setting.
 *
 * Set here rather than on the command line: the service is started as `node dist/main.js` in many ways
 * (npm scripts, containers, process managers), and NODE_OPTIONS does not accept this V8 flag. It is set
 * before the application allocates anything, and v8-flags.spec.ts checks that it takes effect.
 */
setFlagsFromString('--no-allocation-site-pretenuring');
