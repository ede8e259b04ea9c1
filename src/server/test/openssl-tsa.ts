/**
 * A real RFC 3161 Time-Stamp Authority for tests: OpenSSL's `openssl ts -reply` behind a local
 * HTTP server, with a root CA and a time-stamping certificate (extended key usage timeStamping)
 * made by openssl in a temporary directory. Nothing here reaches the internet.
 *
 * `mode` makes it misbehave on purpose: 'fail' answers 503, 'hang' never answers.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface OpensslTsa {
  url: string;
  /** The root CA certificate (PEM) the TSA's certificate chains to. */
  rootPem: string;
  rootFile: string;
  /** How many requests it received (answered or not). */
  requests: () => number;
  mode: 'ok' | 'fail' | 'hang';
  /**
   * `openssl ts -verify` of a token (DER) against the root, for a SHA-256 digest: its output, or
   * throws. OpenSSL is given the TSA's certificate file too, unless `tokenCertificatesOnly`: then it
   * chains by the certificates in the token, as our verifier does.
   */
  opensslVerify: (token: Uint8Array, digest: Uint8Array, options?: { tokenCertificatesOnly?: boolean }) => string;
  close: () => Promise<void>;
}

const openssl = (args: string[], cwd: string, input?: Uint8Array) =>
  execFileSync('openssl', args, { cwd, input, stdio: ['pipe', 'pipe', 'pipe'] });

function makeCertificates(dir: string, name: string) {
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  openssl(
    [
      'req',
      '-x509',
      ...ec,
      '-keyout',
      'ca.key',
      '-out',
      'ca.crt',
      '-subj',
      `/CN=${name} Root CA`,
      '-days',
      '3650',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ],
    dir,
  );
  openssl(['req', ...ec, '-keyout', 'tsa.key', '-out', 'tsa.csr', '-subj', `/CN=${name}`], dir);
  writeFileSync(
    path.join(dir, 'tsa.ext'),
    'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=critical,timeStamping\n',
  );
  openssl(
    [
      'x509',
      '-req',
      '-in',
      'tsa.csr',
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'tsa.crt',
      '-days',
      '365',
      '-extfile',
      'tsa.ext',
    ],
    dir,
  );
  writeFileSync(path.join(dir, 'serial'), '01\n');
  writeFileSync(
    path.join(dir, 'tsa.cnf'),
    `[ tsa ]
default_tsa = tsa_config
[ tsa_config ]
dir = ${dir}
serial = $dir/serial
crypto_device = builtin
signer_cert = $dir/tsa.crt
certs = $dir/ca.crt
signer_key = $dir/tsa.key
signer_digest = sha256
default_policy = 1.3.6.1.4.1.99999.1
digests = sha256
accuracy = secs:1
ordering = yes
tsa_name = yes
ess_cert_id_chain = no
ess_cert_id_alg = sha256
`,
  );
}

export async function startOpensslTsa(name = 'Test TSA'): Promise<OpensslTsa> {
  const dir = mkdtempSync(path.join(tmpdir(), 'betproof-tsa-'));
  makeCertificates(dir, name);
  let count = 0;
  let seq = 0;
  const tsa: OpensslTsa = {
    url: '',
    rootPem: readFileSync(path.join(dir, 'ca.crt'), 'utf8'),
    rootFile: path.join(dir, 'ca.crt'),
    requests: () => count,
    mode: 'ok',
    opensslVerify: (token, digest, { tokenCertificatesOnly = false } = {}) => {
      const file = path.join(dir, `verify-${seq++}.tst`);
      writeFileSync(file, token);
      return openssl(
        [
          'ts',
          '-verify',
          '-token_in',
          '-in',
          file,
          '-digest',
          Buffer.from(digest).toString('hex'),
          '-CAfile',
          'ca.crt',
          ...(tokenCertificatesOnly ? [] : ['-untrusted', 'tsa.crt']),
        ],
        dir,
      ).toString();
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      count++;
      if (tsa.mode === 'hang') return;
      if (tsa.mode === 'fail') return void res.writeHead(503).end('down for the test');
      if (req.method !== 'POST' || req.headers['content-type'] !== 'application/timestamp-query') {
        return void res.writeHead(400).end('POST an application/timestamp-query');
      }
      const query = path.join(dir, `q-${seq++}.tsq`);
      writeFileSync(query, Buffer.concat(chunks));
      try {
        const reply = openssl(['ts', '-reply', '-config', 'tsa.cnf', '-queryfile', query], dir);
        res.writeHead(200, { 'Content-Type': 'application/timestamp-reply' }).end(reply);
      } catch (err) {
        res.writeHead(500).end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  tsa.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return tsa;
}
