// `npm start`: builds the web and the API, then serves both from one process, saying in a few
// Spanish lines what it is doing (ADR 0063). Everything the builds and the server print goes to
// a log file (DATA_DIR/npm-start.log); the terminal gets the steps, the server's own lines for
// people (the address, the demo accounts, the setup link) and its warnings and errors.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const root = resolve(import.meta.dirname, '..');
const dataDir = resolve(root, process.env.DATA_DIR ?? 'data');
mkdirSync(dataDir, { recursive: true });
const logPath = join(dataDir, 'npm-start.log');
const shownLogPath = relative(process.cwd(), logPath) || logPath;
const log = createWriteStream(logPath, { flags: 'w' });
// The tail of a failed step, shown so the first thing to read is on the screen.
const TAIL_LINES = 25;

const say = (line) => process.stdout.write(`${line}\n`);

/** Runs a build step with its output in the log; on failure shows its last lines and exits. */
function build(label, args) {
  say(label);
  log.write(`\n$ npm ${args.join(' ')}\n`);
  const tail = [];
  return new Promise((done) => {
    const child = spawn('npm', args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        log.write(`${line}\n`);
        tail.push(line);
        if (tail.length > TAIL_LINES) tail.shift();
      });
    }
    child.on('close', (code) => {
      if (code === 0) return done();
      say(`\nHa fallado (código ${code}). Las últimas líneas:\n`);
      for (const line of tail) say(`  ${line}`);
      say(`\nTodo lo que se escribió está en ${shownLogPath}`);
      log.end(() => process.exit(code ?? 1));
    });
  });
}

/** A JSON log line of the server (pino) as one short line for a person, or undefined. */
function forPeople(line) {
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (typeof entry?.level !== 'number') return line;
  if (entry.level < 40) return undefined;
  const reason = entry.err?.message ? `: ${entry.err.message}` : '';
  return `${entry.level >= 50 ? 'Error' : 'Aviso'}: ${entry.msg ?? ''}${reason} (detalles en ${shownLogPath})`;
}

await build('Construyendo la web… (1 min)', ['run', 'build', '--workspace', 'apps/web']);
await build('Construyendo la API…', ['run', 'build', '--workspace', 'apps/api']);

log.write('\n$ node apps/api/dist/server.js\n');
const server = spawn(process.execPath, [join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
});
for (const stream of [server.stdout, server.stderr]) {
  createInterface({ input: stream }).on('line', (line) => {
    log.write(`${line}\n`);
    const shown = forPeople(line);
    if (shown !== undefined) say(shown);
  });
}
// Ctrl-C reaches the whole process group, the server included, which drains and closes its
// database: this process only waits for it (a second SIGINT would make it stop without draining).
// A SIGTERM sent to this process alone is passed on.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => server.kill('SIGTERM'));
server.on('close', (code, signal) => {
  log.end(() => process.exit(code ?? (signal ? 0 : 1)));
});
