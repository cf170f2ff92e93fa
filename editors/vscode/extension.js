// sqllint for VS Code and Azure Data Studio: starts `sqllint lsp` and
// connects it to SQL documents. Plain CommonJS, no build step.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

const INSTALL = 'go install github.com/sqllint/sqllint/cmd/sqllint@latest';

/** @type {LanguageClient | undefined} */
let client;

/** Returns the first executable named `name` on PATH, or undefined. */
function findOnPath(name) {
  const exts = process.platform === 'win32'
    ? ['', ...(process.env.PATHEXT || '.EXE;.CMD;.BAT').split(';').filter(Boolean)]
    : [''];
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    if (!dir) {
      continue;
    }
    for (const ext of exts) {
      const candidate = path.join(dir, name + ext);
      if (isExecutable(candidate)) {
        return candidate;
      }
    }
  }
  return undefined;
}

function isExecutable(file) {
  try {
    if (!fs.statSync(file).isFile()) {
      return false;
    }
    fs.accessSync(file, process.platform === 'win32' ? fs.constants.F_OK : fs.constants.X_OK);
    return true;
  } catch (_) {
    return false;
  }
}

/**
 * Finds the sqllint executable: the sqllint.path setting, else PATH.
 * Returns { command } or { error } with a message for the user.
 */
function resolveServer(config) {
  let configured = String(config.get('path') || '').trim();
  if (configured) {
    if (configured === '~' || configured.startsWith('~/') || configured.startsWith('~\\')) {
      configured = path.join(os.homedir(), configured.slice(1));
    }
    if (isExecutable(configured)) {
      return { command: configured };
    }
    return { error: `sqllint: the setting "sqllint.path" is "${configured}", but no executable is there. Fix the path, or clear it to use sqllint from PATH.` };
  }
  const found = findOnPath('sqllint');
  if (found) {
    return { command: found };
  }
  return { error: `sqllint: the sqllint executable was not found on PATH. Install it (${INSTALL}) or set "sqllint.path" to its location, then run "sqllint: Restart the language server".` };
}

function showMissing(message) {
  vscode.window.showErrorMessage(message, 'Open Settings', 'Copy install command').then((choice) => {
    if (choice === 'Open Settings') {
      vscode.commands.executeCommand('workbench.action.openSettings', 'sqllint.path');
    } else if (choice === 'Copy install command') {
      vscode.env.clipboard.writeText(INSTALL);
    }
  });
}

async function start(context) {
  const config = vscode.workspace.getConfiguration('sqllint');
  const server = resolveServer(config);
  if (server.error) {
    showMissing(server.error);
    return;
  }
  const args = ['lsp', ...(config.get('args') || []).map(String)];
  const serverOptions = { command: server.command, args };
  const clientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'sql' },
      { scheme: 'untitled', language: 'sql' },
    ],
    // The server then ends "suppress with a reason" by selecting the
    // word "reason", ready to be typed over.
    initializationOptions: { selectCommand: 'sqllint.selectRange' },
    outputChannelName: 'sqllint',
  };
  client = new LanguageClient('sqllint', 'sqllint', serverOptions, clientOptions);
  try {
    await client.start();
  } catch (err) {
    client = undefined;
    showMissing(`sqllint: could not start "${server.command} ${args.join(' ')}": ${err && err.message ? err.message : err}`);
  }
}

async function stop() {
  if (client) {
    const c = client;
    client = undefined;
    try {
      await c.stop();
    } catch (_) {
      // already stopped
    }
  }
}

/** Selects `range` ({start, end} in LSP form) in the editor showing `uri`. */
function selectRange(uri, range) {
  if (typeof uri !== 'string' || !range || !range.start || !range.end) {
    return;
  }
  const target = vscode.Uri.parse(uri).toString();
  const editor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === target);
  if (!editor) {
    return;
  }
  const sel = new vscode.Selection(range.start.line, range.start.character, range.end.line, range.end.character);
  editor.selection = sel;
  editor.revealRange(sel);
}

function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('sqllint.selectRange', selectRange),
    vscode.commands.registerCommand('sqllint.restart', async () => {
      await stop();
      await start(context);
    }),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration('sqllint.path') || e.affectsConfiguration('sqllint.args')) {
        await stop();
        await start(context);
      }
    }),
  );
  return start(context);
}

function deactivate() {
  return stop();
}

module.exports = { activate, deactivate };
