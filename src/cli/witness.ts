/**
 * `betproof witness`: a witness of C2SP tlog-witness (https://c2sp.org/tlog-witness) for the logs
 * it is told to follow (docs/LOG.md, "Running a witness"). For each log (by origin) it keeps the
 * size and root hash of the last checkpoint it cosigned, in a JSON state file; it cosigns a new
 * checkpoint (Ed25519 cosignature/v1, C2SP tlog-cosignature) only when the log's signature
 * verifies and the consistency proof shows it extends that one. So a log that shows two histories
 * gets a cosignature on at most one of them from this witness.
 *
 * The checks run in the order tlog-witness states them; the state is written (atomically: a new file
 * renamed over the old) before the cosignature is answered, one request at a time.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { cosign, parseCheckpointText } from '../shared/log/checkpoint.ts';
import {
  ALG_COSIGNATURE_V1,
  ALG_ED25519,
  generateSignerKey,
  NoteError,
  parseSignerKey,
  parseVerifierKey,
  splitNote,
  type Signer,
  type Verifier,
} from '../shared/log/note.ts';
import { checkTree, EMPTY_TREE_HASH, hashEquals, hashFromBase64, ProofError, toBase64 } from '../shared/log/tlog.ts';
import {
  ADD_CHECKPOINT_PATH,
  parseAddCheckpointBody,
  SIZE_CONTENT_TYPE,
  WitnessProtocolError,
} from '../shared/log/witness-protocol.ts';

/** The largest request body read (a checkpoint, 63 proof lines and its signatures fit many times). */
const MAX_BODY = 64 * 1024;

export interface WitnessState {
  logs: Record<string, { size: number; root: string }>;
}

export interface WitnessAnswer {
  status: number;
  contentType: string;
  body: string;
}

export interface Witness {
  verifierKey: string;
  /** Answers one add-checkpoint request body. */
  addCheckpoint(body: string): Promise<WitnessAnswer>;
  state(): WitnessState;
}

const text = (status: number, body: string, contentType = 'text/plain; charset=utf-8'): WitnessAnswer => ({
  status,
  contentType,
  body: body.endsWith('\n') ? body : `${body}\n`,
});

export function createWitness(opts: {
  signer: Signer;
  logs: readonly Verifier[];
  stateFile: string;
  now: () => Date;
}): Witness {
  const { signer, stateFile } = opts;
  const logs = new Map(opts.logs.map((v) => [v.name, v]));
  let state: WitnessState = existsSync(stateFile)
    ? (JSON.parse(readFileSync(stateFile, 'utf8')) as WitnessState)
    : { logs: {} };
  let queue: Promise<unknown> = Promise.resolve();

  const save = (next: WitnessState) => {
    const tmp = `${stateFile}.new`;
    writeFileSync(tmp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    renameSync(tmp, stateFile);
    state = next;
  };

  const handle = (body: string): WitnessAnswer => {
    let request: ReturnType<typeof parseAddCheckpointBody>;
    let note: ReturnType<typeof splitNote>;
    let checkpoint: ReturnType<typeof parseCheckpointText>;
    try {
      request = parseAddCheckpointBody(body);
      note = splitNote(request.checkpoint);
      checkpoint = parseCheckpointText(note.text);
    } catch (err) {
      if (err instanceof WitnessProtocolError || err instanceof NoteError) return text(400, err.message);
      throw err;
    }
    const log = logs.get(checkpoint.origin);
    if (!log) return text(404, `unknown log "${checkpoint.origin}"`);
    // Signatures by keys it does not know are ignored; one by the log's key must be there and verify.
    const mine = note.signatures.filter((s) => s.name === log.name && s.id === log.id);
    const message = Buffer.from(note.text, 'utf8');
    if (!mine.length || mine.some((s) => !log.verify(message, s.signature))) {
      return text(403, `no valid signature by ${log.name}`);
    }
    if (request.oldSize > checkpoint.size) return text(400, 'the old size is larger than the checkpoint');
    const known = state.logs[log.name] ?? { size: 0, root: toBase64(EMPTY_TREE_HASH) };
    if (request.oldSize !== known.size) return text(409, `${known.size}\n`, SIZE_CONTENT_TYPE);
    if (request.oldSize === 0 && request.proof.length) return text(422, 'the proof from size 0 is empty');
    const knownRoot = hashFromBase64(known.root)!;
    if (request.oldSize === checkpoint.size) {
      if (!hashEquals(knownRoot, checkpoint.root)) return text(409, 'same size, another root hash: a fork');
    } else if (request.oldSize > 0) {
      try {
        checkTree(request.proof, checkpoint.size, checkpoint.root, request.oldSize, knownRoot);
      } catch (err) {
        if (err instanceof ProofError) return text(422, `the consistency proof does not verify: ${err.message}`);
        throw err;
      }
    }
    save({ logs: { ...state.logs, [log.name]: { size: checkpoint.size, root: toBase64(checkpoint.root) } } });
    return text(200, cosign(note.text, signer, Math.floor(opts.now().getTime() / 1000)));
  };

  return {
    verifierKey: signer.verifierKey,
    // One at a time: checking the old size and saving the new one are one step (tlog-witness's race).
    addCheckpoint: (body) => {
      const answer = queue.then(() => handle(body));
      queue = answer.catch(() => undefined);
      return answer;
    },
    state: () => state,
  };
}

/** Serves the witness over HTTP: `POST <prefix>/add-checkpoint`. */
export function serveWitness(witness: Witness, port: number, host = '127.0.0.1'): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith(ADD_CHECKPOINT_PATH)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('POST …/add-checkpoint\n');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        res.writeHead(413, { 'Content-Type': 'text/plain' }).end('too large\n');
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => {
      if (res.headersSent) return;
      witness
        .addCheckpoint(Buffer.concat(chunks).toString('utf8'))
        .then((a) => res.writeHead(a.status, { 'Content-Type': a.contentType }).end(a.body))
        .catch((err: unknown) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`${String(err)}\n`));
    });
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}

export const WITNESS_USAGE = `Usage: betproof witness --key-file <file> --state <file> --log <log verifier key> [--log …]
                        [--name <witness name>] [--port 7380] [--host 127.0.0.1]

Runs a witness (C2SP tlog-witness) for the logs given: it cosigns a log's checkpoint only when it
extends the last one it cosigned, so a log cannot show two histories without it seeing.

  --key-file F   its cosignature/v1 signer key; made on first run (named --name) and kept
  --state F      where it keeps each log's last cosigned size and root (JSON)
  --log K        a log it follows, by the verifier key of its checkpoints (GET /api/log/key)
  --name N       the witness's name when the key is made, e.g. witness.example/w1
Prints its verifier key, which the log lists in LOG_WITNESSES and followers pass to
betproof verify --witness. POST <its URL>/add-checkpoint.`;

/** `betproof witness …`: answers the exit code (it runs until stopped when the arguments are right). */
export async function runWitness(
  argv: readonly string[],
  io: { out: (s: string) => void; err: (s: string) => void } = {
    out: (s) => process.stdout.write(`${s}\n`),
    err: (s) => process.stderr.write(`${s}\n`),
  },
): Promise<{ code: number; server?: Server }> {
  const values: Record<string, string[]> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') {
      io.out(WITNESS_USAGE);
      return { code: 0 };
    }
    const [flag, inline] = arg.split(/=(.*)/s, 2) as [string, string | undefined];
    if (!['--key-file', '--state', '--log', '--name', '--port', '--host'].includes(flag)) {
      io.err(`betproof witness: unknown option ${arg}\n${WITNESS_USAGE}`);
      return { code: 2 };
    }
    const value = inline ?? argv[++i];
    if (value === undefined) {
      io.err(`betproof witness: ${flag} needs a value`);
      return { code: 2 };
    }
    (values[flag] ??= []).push(value);
  }
  const keyFile = values['--key-file']?.[0];
  const stateFile = values['--state']?.[0];
  if (!keyFile || !stateFile || !values['--log']?.length) {
    io.err(`betproof witness: --key-file, --state and --log are required\n${WITNESS_USAGE}`);
    return { code: 2 };
  }
  let signer: Signer;
  let logs: Verifier[];
  try {
    if (!existsSync(keyFile)) {
      const name = values['--name']?.[0];
      if (!name) throw new NoteError(`${keyFile} does not exist: give --name to make a key`);
      writeFileSync(keyFile, `${generateSignerKey(name, ALG_COSIGNATURE_V1)}\n`, { mode: 0o600, flag: 'wx' });
    }
    const key = parseSignerKey(readFileSync(keyFile, 'utf8'));
    if (key.alg !== ALG_COSIGNATURE_V1) throw new NoteError(`${keyFile} is not a cosignature/v1 key`);
    signer = key;
    logs = values['--log'].map((k) => {
      const v = parseVerifierKey(k);
      if (v.alg !== ALG_ED25519) throw new NoteError(`${k} is not a log's Ed25519 verifier key`);
      return v;
    });
  } catch (err) {
    io.err(`betproof witness: ${err instanceof Error ? err.message : String(err)}`);
    return { code: 2 };
  }
  const port = Number(values['--port']?.[0] ?? 7380);
  const host = values['--host']?.[0] ?? '127.0.0.1';
  const witness = createWitness({ signer, logs, stateFile, now: () => new Date() });
  const server = await serveWitness(witness, port, host);
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  io.out(`witness ${signer.name} listening on http://${host}:${bound}${ADD_CHECKPOINT_PATH}`);
  io.out(`verifier key: ${witness.verifierKey}`);
  return { code: 0, server };
}
