// `npm run build`: builds the web app and the server bundle now, and stamps them so that `npm start`
// does not build them again.
import { ensureBuilt, serverBuild, webBuild } from './lib/builds.mjs';

ensureBuilt(webBuild, { force: true });
ensureBuilt(serverBuild, { force: true });
