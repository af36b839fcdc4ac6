// `npm start`: builds the web app and the server bundle only when they are missing or their sources
// changed (scripts/lib/builds.mjs), then runs the built server in this same process. A restart with the
// builds present costs the server's own start-up, not a build and a TypeScript compile.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, root, serverBuild, webBuild } from './lib/builds.mjs';

ensureBuilt(webBuild);
ensureBuilt(serverBuild);
process.setSourceMapsEnabled(true);
await import(pathToFileURL(join(root, serverBuild.output)).href);
