import { X509Certificate, createPrivateKey } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { ConfigError, type AppConfig } from '../../config/env';

/**
 * The key pair and certificate of our SAML service provider (ADR 0074): it signs our
 * authentication and logout requests, and identity providers encrypt assertions to it. The
 * certificate is the one published in our metadata (saml.metadata.ts), so it must not change
 * behind a university's back: once generated it is kept.
 *
 * - From the environment: `SAML_SP_PRIVATE_KEY` and `SAML_SP_CERTIFICATE` (PEM; a `\n` written
 *   as two characters, as in a one-line .env value, is read as a line break). Both or neither.
 * - Else from `<DATA_DIR>/saml-sp/`: `key.pem` (mode 0600) and `certificate.pem`, generated on
 *   first use: RSA 3072, a self-signed SHA-256 certificate for 10 years whose CN is the host of
 *   PUBLIC_URL. Federations take self-signed certificates in metadata; only the key matters.
 */
export interface ServiceProviderKeys {
  /** PKCS#8 PEM. */
  privateKey: string;
  /** PEM of the X.509 certificate. */
  certificate: string;
  source: 'environment' | 'file' | 'generated';
}

export const SP_KEYS_FOLDER = 'saml-sp';
export const SP_KEY_FILE = 'key.pem';
export const SP_CERTIFICATE_FILE = 'certificate.pem';

const KEY_BITS = 3072;
const VALID_YEARS = 10;

const invalid = (message: string) => new ConfigError(`Configuración no válida:\n  ${message}`);

/** The service provider's keys: the environment's, else the data folder's, made on first use. */
export async function loadServiceProviderKeys(
  config: Pick<AppConfig, 'dataDir' | 'publicUrl'> & Partial<Pick<AppConfig, 'samlSp'>>,
): Promise<ServiceProviderKeys> {
  const fromEnv = keysFromEnvironment(config.samlSp);
  if (fromEnv) return fromEnv;
  const folder = join(config.dataDir, SP_KEYS_FOLDER);
  return (await readKeyFolder(folder)) ?? createKeyFolder(config, folder);
}

function keysFromEnvironment(
  given: AppConfig['samlSp'] | undefined,
): ServiceProviderKeys | undefined {
  const key = given?.privateKey?.trim();
  const certificate = given?.certificate?.trim();
  if (!key && !certificate) return undefined;
  if (!key || !certificate) {
    throw invalid('SAML_SP_PRIVATE_KEY y SAML_SP_CERTIFICATE van juntas: falta una de las dos');
  }
  const pair = { privateKey: unescapeLines(key), certificate: unescapeLines(certificate) };
  checkPair(pair, 'SAML_SP_PRIVATE_KEY / SAML_SP_CERTIFICATE');
  return { ...pair, source: 'environment' };
}

const unescapeLines = (pem: string) => `${pem.replace(/\\n/g, '\n').trim()}\n`;

/** Both files, checked to belong together; undefined when the folder does not exist. */
async function readKeyFolder(folder: string): Promise<ServiceProviderKeys | undefined> {
  const read = (file: string) =>
    readFile(join(folder, file), 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
  const [privateKey, certificate] = await Promise.all([
    read(SP_KEY_FILE),
    read(SP_CERTIFICATE_FILE),
  ]);
  if (privateKey === undefined && certificate === undefined) return undefined;
  // Never made again silently: a new certificate would stop every university's sign-in.
  if (privateKey === undefined || certificate === undefined) {
    throw invalid(
      `falta ${privateKey === undefined ? SP_KEY_FILE : SP_CERTIFICATE_FILE} en ${folder}: ` +
        'devuelva el archivo, o borre la carpeta para generar otro par (y registre de nuevo los metadatos)',
    );
  }
  const pair = { privateKey, certificate };
  checkPair(pair, folder);
  return { ...pair, source: 'file' };
}

/**
 * Generates the pair in a private temporary folder beside the final one and renames it into
 * place: a rename onto a folder that exists fails, so when two processes start at once one pair
 * wins and the other process reads it.
 */
async function createKeyFolder(
  config: Pick<AppConfig, 'dataDir' | 'publicUrl'>,
  folder: string,
): Promise<ServiceProviderKeys> {
  const pair = await generateServiceProviderKeys(new URL(config.publicUrl).hostname);
  await mkdir(config.dataDir, { recursive: true });
  const staging = await mkdtemp(join(config.dataDir, `.${SP_KEYS_FOLDER}-`)); // mode 0700
  try {
    await writeFile(join(staging, SP_KEY_FILE), pair.privateKey, { mode: 0o600 });
    await writeFile(join(staging, SP_CERTIFICATE_FILE), pair.certificate, { mode: 0o644 });
    await rename(staging, folder);
    return { ...pair, source: 'generated' };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST' && code !== 'ENOTEMPTY') throw error;
    const other = await readKeyFolder(folder);
    if (!other) throw error;
    return other;
  }
}

/** A new RSA key and its self-signed SHA-256 certificate (CN = `host`), valid for 10 years. */
export async function generateServiceProviderKeys(
  host: string,
): Promise<{ privateKey: string; certificate: string }> {
  const notBeforeDate = new Date();
  const notAfterDate = new Date(notBeforeDate);
  notAfterDate.setUTCFullYear(notAfterDate.getUTCFullYear() + VALID_YEARS);
  const generated = await generate([{ name: 'commonName', value: host }], {
    keyType: 'rsa',
    keySize: KEY_BITS,
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    // Signing requests and receiving encrypted keys; not a CA, not a TLS certificate.
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    ],
  });
  return { privateKey: generated.private, certificate: generated.cert };
}

/** The certificate must be of the key: otherwise what we sign would not check against it. */
function checkPair(pair: { privateKey: string; certificate: string }, where: string) {
  let matches: boolean;
  try {
    matches = new X509Certificate(pair.certificate).checkPrivateKey(
      createPrivateKey(pair.privateKey),
    );
  } catch {
    throw invalid(`${where}: la clave o el certificado no es un PEM válido`);
  }
  if (!matches) throw invalid(`${where}: el certificado no es de esa clave privada`);
}
