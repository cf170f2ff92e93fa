#!/bin/sh
# Checks the VS Code / Azure Data Studio extension without a build step:
# installs its dependencies in a temporary copy (node_modules never lands in
# the repository), checks the syntax of extension.js, that the language
# client resolves, and that the extension's engines.vscode still allows
# every VS Code the client needs (and that Azure Data Studio's VS Code 1.82
# is still allowed), then activates the extension against a stub of the
# vscode module to check the messages shown when sqllint is missing.
# Needs node and npm (and the npm registry).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$here/package.json" "$here/extension.js" "$tmp/"
cd "$tmp"
npm install --no-audit --no-fund --omit=dev --loglevel=error >/dev/null
node --check extension.js
node -e '
const ext = require("./package.json");
require.resolve("vscode-languageclient/node");
const lc = require("vscode-languageclient/package.json");
const min = (r) => String(r).replace(/^[~^>=]+/, "").split(".").map(Number);
const cmp = (a, b) => { for (let i = 0; i < 3; i++) { if ((a[i] || 0) !== (b[i] || 0)) return (a[i] || 0) - (b[i] || 0); } return 0; };
const mine = min(ext.engines.vscode), theirs = min(lc.engines.vscode);
if (cmp(mine, theirs) < 0) {
  console.error(`engines.vscode ${ext.engines.vscode} is below what vscode-languageclient ${lc.version} needs (${lc.engines.vscode})`);
  process.exit(1);
}
if (cmp(mine, [1, 82, 0]) > 0) {
  console.error(`engines.vscode ${ext.engines.vscode} excludes Azure Data Studio (VS Code 1.82): see README.md`);
  process.exit(1);
}
if (ext.main !== "./extension.js" || !ext.activationEvents.includes("onLanguage:sql")) {
  console.error("package.json: main must be ./extension.js and activation onLanguage:sql");
  process.exit(1);
}
console.log(`editors/vscode: ok (vscode-languageclient ${lc.version}, engines.vscode ${ext.engines.vscode})`);
'

# Activation with sqllint missing: a clear error, no exception.
mkdir -p node_modules/vscode
cat > node_modules/vscode/index.js <<'STUB'
const messages = [];
const settings = JSON.parse(process.env.STUB_SETTINGS || '{}');
const any = () => new Proxy(function () {}, { get: (t, k) => (k === 'then' ? undefined : any()), apply: () => any(), construct: () => any() });
const stub = {
  __messages: messages,
  window: { showErrorMessage: (m) => { messages.push(m); return Promise.resolve(undefined); }, visibleTextEditors: [] },
  workspace: { getConfiguration: () => ({ get: (k) => settings[k] }), onDidChangeConfiguration: () => ({ dispose() {} }) },
  commands: { registerCommand: () => ({ dispose() {} }), executeCommand: () => Promise.resolve() },
  env: { clipboard: { writeText: () => Promise.resolve() } },
  Uri: { parse: (s) => ({ toString: () => s }) },
  Selection: class {},
};
module.exports = new Proxy(stub, { get: (t, k) => (k in t ? t[k] : any()) });
STUB
activate='
const vscode = require("vscode");
require("./extension.js").activate({ subscriptions: [] }).then(() => {
  const m = vscode.__messages;
  if (m.length !== 1 || !m[0].includes(process.argv[1])) {
    console.error("expected one error mentioning " + JSON.stringify(process.argv[1]) + ", got " + JSON.stringify(m));
    process.exit(1);
  }
});'
PATH=/nonexistent "$(command -v node)" -e "$activate" "not found on PATH"
STUB_SETTINGS='{"path":"/nonexistent/sqllint"}' node -e "$activate" '"sqllint.path" is "/nonexistent/sqllint"'
echo "editors/vscode: activation ok"
