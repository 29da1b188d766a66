#!/usr/bin/env node
// Runs the Khronos glTF validator (npm gltf-validator) on one .gltf or .glb file and prints
// one JSON object: {"errors", "warnings", "infos", "hints", "codes": {CODE: {"count",
// "first": "POINTER: message"}}} (codes of the errors and warnings only). Exit 0 when the report was made (whatever it
// says), 1 when the file could not be validated at all.
// Usage: node scripts/gltf-validate.js FILE   (the validator is looked up in the repository's
// .tools/ first, where scripts/install-deps puts it, then on node's usual module path)
'use strict';
const fs = require('fs');
const path = require('path');

function loadValidator() {
  const local = path.join(__dirname, '..', '.tools', 'node_modules', 'gltf-validator');
  try {
    return require(local);
  } catch (e) {
    return require('gltf-validator');
  }
}

async function main() {
  const file = process.argv[2];
  if (!file) throw new Error('usage: gltf-validate.js FILE');
  const validator = loadValidator();
  const report = await validator.validateBytes(new Uint8Array(fs.readFileSync(file)), {
    uri: path.basename(file),
    maxIssues: 0,
    externalResourceFunction: (uri) =>
      fs.promises.readFile(path.resolve(path.dirname(file), decodeURIComponent(uri))),
  });
  const issues = report.issues;
  // Errors and warnings by code, each with its count and first message.
  const codes = {};
  for (const m of issues.messages.filter((m) => m.severity <= 1)) {
    const c = codes[m.code] || (codes[m.code] = {count: 0, first: `${m.pointer || '/'}: ${m.message}`});
    c.count += 1;
  }
  console.log(JSON.stringify({
    errors: issues.numErrors,
    warnings: issues.numWarnings,
    infos: issues.numInfos,
    hints: issues.numHints,
    codes,
  }));
}

main().catch((e) => {
  console.error(`gltf-validate: ${e && e.message ? e.message : e}`);
  process.exit(1);
});
