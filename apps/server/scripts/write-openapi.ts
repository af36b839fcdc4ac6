import { writeFileSync } from 'node:fs';
import { openApiPath, renderOpenApi } from './openapi-document';

// `npm run openapi`: regenerate the committed docs/openapi.json after changing a route.
const text = await renderOpenApi();
writeFileSync(openApiPath, text);
const paths = Object.keys(JSON.parse(text).paths).length;
console.log(`wrote ${openApiPath}: ${paths} paths`);
