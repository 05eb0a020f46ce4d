// Build step (package.json "build", after tsc): the embedded store's template, from the compiled migrations.
import { performance } from 'node:perf_hooks';
import { defaultTemplateFile, writeEmbeddedTemplate } from '../dist/embedded-template.js';
import { migrate } from '../dist/open.js';

const started = performance.now();
const file = defaultTemplateFile();
const applied = await writeEmbeddedTemplate(migrate, file);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`store: embedded template with ${applied.length} migrations in ${seconds} s: ${file}`);
