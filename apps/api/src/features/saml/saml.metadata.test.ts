import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { buildApp } from '../../app';
import { ConfigError } from '../../config/env';
import { brandingSaas } from '../../db/schema';
import { drawEmailLogo, EMAIL_LOGO_PATH } from '../../lib/mail/email-logo';
import { TEST_CONFIG } from '../../../test/helpers/app';
import { getTestDatabase } from '../../../test/helpers/db';
import { REQUESTED_ATTRIBUTES } from './saml.attributes';
import {
  generateServiceProviderKeys,
  loadServiceProviderKeys,
  SP_CERTIFICATE_FILE,
  SP_KEY_FILE,
  SP_KEYS_FOLDER,
} from './saml.keys';
import { NAMEID_PERSISTENT, NAMEID_TRANSIENT, SAML_METADATA_PATH } from './saml.metadata';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const MDUI = 'urn:oasis:names:tc:SAML:metadata:ui';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const SITE = TEST_CONFIG.publicUrl;
const BRANDING = {
  projectName: 'Campus <Solidario> & Co',
  university_name: 'Universidad de Demostración',
  mailTo: 'soporte@campus.example.es',
  politicsUrl: '/privacidad',
  logoUrl: '/uploads/logo_campus.png',
};

/**
 * The schemas keep their published schemaLocations (xsd/README.md): the W3C ones are absolute
 * addresses, mapped here to the files beside them, as a catalog would.
 */
const SCHEMA_FILES = [
  'sstc-saml-metadata-ui-v1.0.xsd',
  'saml-schema-metadata-2.0.xsd',
  'saml-schema-assertion-2.0.xsd',
  'xmldsig-core-schema.xsd',
  'xenc-schema.xsd',
  'xml.xsd',
] as const;
async function validateAgainstSchemas(xml: string) {
  const [main, ...imports] = await Promise.all(
    SCHEMA_FILES.map(async (fileName) => ({
      fileName,
      contents: (await readFile(new URL(`xsd/${fileName}`, import.meta.url), 'utf8')).replace(
        /schemaLocation="http:\/\/www\.w3\.org\/[^"]*\/([^"/]+\.xsd)"/g,
        'schemaLocation="$1"',
      ),
    })),
  );
  return validateXML({
    xml: [{ fileName: 'metadata.xml', contents: xml }],
    schema: [main!],
    preload: imports,
  });
}

const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml');
const all = (node: Document | Element, namespace: string, name: string) =>
  Array.from(node.getElementsByTagNameNS(namespace, name));
const one = (node: Document | Element, namespace: string, name: string) => {
  const found = all(node, namespace, name);
  expect(found, name).toHaveLength(1);
  return found[0]!;
};
/** The base64 of a PEM certificate, as in ds:X509Certificate. */
const certificateBody = (pem: string) => new X509Certificate(pem).raw.toString('base64');

const tempDirs: string[] = [];
async function tempDataDir() {
  const dir = await mkdtemp(join(tmpdir(), 'api-saml-test-'));
  tempDirs.push(dir);
  return dir;
}
const apps: FastifyInstance[] = [];
async function startApp(dataDir: string, samlSp = TEST_CONFIG.samlSp) {
  const { db } = await getTestDatabase();
  const app = await buildApp({ config: { ...TEST_CONFIG, dataDir, samlSp }, db, logger: false });
  await app.ready();
  apps.push(app);
  return app;
}
const getMetadata = (app: FastifyInstance) =>
  app.inject({ method: 'GET', url: SAML_METADATA_PATH });

let saved: (typeof brandingSaas.$inferSelect)[] = [];
let dataDir: string;
let app: FastifyInstance;
beforeAll(async () => {
  const { db } = await getTestDatabase();
  saved = await db.select().from(brandingSaas).orderBy(asc(brandingSaas.id));
  const [row] = saved;
  if (row) await db.update(brandingSaas).set(BRANDING).where(eq(brandingSaas.id, row.id));
  else await db.insert(brandingSaas).values(BRANDING);
  dataDir = await tempDataDir();
  app = await startApp(dataDir);
});
afterEach(() => {
  vi.unstubAllEnvs();
});
afterAll(async () => {
  await Promise.all(apps.map((started) => started.close()));
  const { db } = await getTestDatabase();
  await db.delete(brandingSaas);
  if (saved.length > 0) await db.insert(brandingSaas).values(saved);
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('GET /api/auth/saml/metadata', () => {
  it('answers public, cacheable SAML metadata that the OASIS schemas accept', async () => {
    const res = await getMetadata(app);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/samlmetadata+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<EntityDescriptor /);

    const result = await validateAgainstSchemas(res.body);
    expect(result.errors.map((error) => error.rawMessage)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('the schema validation does refuse metadata out of order, or an mdui logo without a size', async () => {
    const body = (await getMetadata(app)).body;
    // AttributeConsumingService before the assertion consumer: not what the schema allows.
    const misordered = parse(body);
    const sp = one(misordered, MD, 'SPSSODescriptor');
    sp.insertBefore(
      one(sp, MD, 'AttributeConsumingService'),
      one(sp, MD, 'AssertionConsumerService'),
    );
    const serialize = (document: Document) => new XMLSerializer().serializeToString(document);
    expect((await validateAgainstSchemas(serialize(misordered))).valid).toBe(false);
    // The mdui schema is loaded, not skipped as an unknown extension.
    const sizeless = parse(body);
    one(sizeless, MDUI, 'Logo').removeAttribute('width');
    const result = await validateAgainstSchemas(serialize(sizeless));
    expect(result.valid).toBe(false);
    expect(result.rawOutput).toMatch(/Logo.*width/);
  });

  it('names the entity, its endpoints, its name ids and what it signs', async () => {
    const document = parse((await getMetadata(app)).body);
    const entity = document.documentElement;
    expect(entity.namespaceURI).toBe(MD);
    expect(entity.getAttribute('entityID')).toBe(`${SITE}/api/auth/saml/metadata`);
    const sp = one(entity, MD, 'SPSSODescriptor');
    expect(sp.getAttribute('protocolSupportEnumeration')).toBe(
      'urn:oasis:names:tc:SAML:2.0:protocol',
    );
    expect(sp.getAttribute('AuthnRequestsSigned')).toBe('true');
    expect(sp.getAttribute('WantAssertionsSigned')).toBe('true');

    const acs = one(sp, MD, 'AssertionConsumerService');
    expect(acs.getAttribute('Binding')).toBe('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST');
    expect(acs.getAttribute('Location')).toBe(`${SITE}/api/auth/saml/acs`);
    const logout = one(sp, MD, 'SingleLogoutService');
    expect(logout.getAttribute('Binding')).toBe(
      'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect',
    );
    expect(logout.getAttribute('Location')).toBe(`${SITE}/api/auth/saml/logout`);
    expect(all(sp, MD, 'NameIDFormat').map((format) => format.textContent)).toEqual([
      NAMEID_TRANSIENT,
      NAMEID_PERSISTENT,
    ]);
    // The schema's order: Extensions, KeyDescriptor, SingleLogoutService, NameIDFormat,
    // AssertionConsumerService, AttributeConsumingService.
    const order = Array.from(sp.childNodes)
      .filter((node) => node.nodeType === 1)
      .map((node) => (node as Element).localName);
    expect(order).toEqual([
      'Extensions',
      'KeyDescriptor',
      'KeyDescriptor',
      'SingleLogoutService',
      'NameIDFormat',
      'NameIDFormat',
      'AssertionConsumerService',
      'AttributeConsumingService',
    ]);
  });

  it('publishes the key file’s certificate for signing and for encryption', async () => {
    const document = parse((await getMetadata(app)).body);
    const certificate = await readFile(join(dataDir, SP_KEYS_FOLDER, SP_CERTIFICATE_FILE), 'utf8');
    const descriptors = all(document, MD, 'KeyDescriptor');
    expect(descriptors.map((descriptor) => descriptor.getAttribute('use'))).toEqual([
      'signing',
      'encryption',
    ]);
    for (const descriptor of descriptors) {
      const published = one(descriptor, DS, 'X509Certificate').textContent?.replace(/\s+/g, '');
      expect(published).toBe(certificateBody(certificate));
    }
    expect(all(descriptors[1]!, MD, 'EncryptionMethod').length).toBeGreaterThan(0);
  });

  it('asks for the attributes by urn:oid name, in the URI format, with their friendly names', async () => {
    const document = parse((await getMetadata(app)).body);
    const service = one(document, MD, 'AttributeConsumingService');
    expect(one(service, MD, 'ServiceName').textContent).toBe(BRANDING.projectName);
    const requested = all(service, MD, 'RequestedAttribute').map((attribute) => ({
      name: attribute.getAttribute('Name'),
      friendlyName: attribute.getAttribute('FriendlyName'),
      nameFormat: attribute.getAttribute('NameFormat'),
    }));
    expect(requested).toEqual(
      [
        ['urn:oid:1.3.6.1.4.1.5923.1.1.1.6', 'eduPersonPrincipalName'],
        ['urn:oid:0.9.2342.19200300.100.1.3', 'mail'],
        ['urn:oid:2.5.4.42', 'givenName'],
        ['urn:oid:2.5.4.4', 'sn'],
        ['urn:oid:1.3.6.1.4.1.25178.1.2.9', 'schacHomeOrganization'],
        ['urn:oid:1.3.6.1.4.1.5923.1.1.1.1', 'eduPersonAffiliation'],
        ['urn:oid:1.3.6.1.4.1.5923.1.1.1.9', 'eduPersonScopedAffiliation'],
        ['urn:oid:1.3.6.1.4.1.25178.1.2.14', 'schacPersonalUniqueCode'],
        ['urn:oasis:names:tc:SAML:attribute:subject-id', 'subject-id'],
        ['urn:oasis:names:tc:SAML:attribute:pairwise-id', 'pairwise-id'],
      ].map(([name, friendlyName]) => ({
        name,
        friendlyName,
        nameFormat: 'urn:oasis:names:tc:SAML:2.0:attrname-format:uri',
      })),
    );
    expect(REQUESTED_ATTRIBUTES).toHaveLength(requested.length);
  });

  it('shows the branding: display name (escaped), logo, privacy text, organisation and contacts', async () => {
    const res = await getMetadata(app);
    // The name's < & > travel as entities, never as markup.
    expect(res.body).toContain('Campus &lt;Solidario&gt; &amp; Co');
    const document = parse(res.body);
    const ui = one(one(document, MD, 'Extensions'), MDUI, 'UIInfo');
    const name = one(ui, MDUI, 'DisplayName');
    expect(name.textContent).toBe(BRANDING.projectName);
    expect(name.getAttribute('xml:lang')).toBe('es');
    expect(one(ui, MDUI, 'InformationURL').textContent).toBe(`${SITE}/`);
    expect(one(ui, MDUI, 'PrivacyStatementURL').textContent).toBe(`${SITE}/privacidad`);
    const logo = one(ui, MDUI, 'Logo');
    expect(logo.textContent).toMatch(new RegExp(`^${SITE}${EMAIL_LOGO_PATH}\\?v=[0-9a-f]{16}$`));
    // The size published is the size of the PNG the API draws, whatever the logo's own.
    const drawn = await sharp(
      await drawEmailLogo(
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><rect width="300" height="300"/></svg>',
        ),
      ),
    ).metadata();
    expect([logo.getAttribute('width'), logo.getAttribute('height')]).toEqual([
      String(drawn.width),
      String(drawn.height),
    ]);

    expect(one(document, MD, 'OrganizationName').textContent).toBe(BRANDING.university_name);
    expect(one(document, MD, 'OrganizationURL').textContent).toBe(`${SITE}/`);
    const contacts = all(document, MD, 'ContactPerson').map((contact) => [
      contact.getAttribute('contactType'),
      one(contact, MD, 'EmailAddress').textContent,
    ]);
    expect(contacts).toEqual([
      ['technical', `mailto:${BRANDING.mailTo}`],
      ['support', `mailto:${BRANDING.mailTo}`],
    ]);
  });

  it('is described in the OpenAPI document as SAML metadata', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const operation = res.json<{
      paths: Record<string, { get?: { security?: unknown; responses: Record<string, unknown> } }>;
    }>().paths[SAML_METADATA_PATH]?.get;
    expect(operation?.security).toEqual([]);
    expect(operation?.responses['200']).toMatchObject({
      content: { 'application/samlmetadata+xml': { schema: { type: 'string' } } },
    });
  });
});

describe('the service provider’s keys', () => {
  it('are generated once into DATA_DIR (key 0600) and reused by the next start', async () => {
    const folder = join(dataDir, SP_KEYS_FOLDER);
    const key = await readFile(join(folder, SP_KEY_FILE), 'utf8');
    const certificate = await readFile(join(folder, SP_CERTIFICATE_FILE), 'utf8');
    expect((await stat(join(folder, SP_KEY_FILE))).mode & 0o777).toBe(0o600);
    const x509 = new X509Certificate(certificate);
    expect(x509.subject).toBe(`CN=${new URL(SITE).hostname}`);
    expect(x509.checkPrivateKey(createPrivateKey(key))).toBe(true);
    expect(x509.publicKey.asymmetricKeyDetails?.modulusLength).toBe(3072);
    const years =
      (Date.parse(x509.validTo) - Date.parse(x509.validFrom)) / (365.25 * 24 * 3600 * 1000);
    expect(Math.round(years)).toBe(10);
    // Nothing else was left in the data folder (no staging folder).
    expect(await readdir(dataDir)).toEqual([SP_KEYS_FOLDER]);

    const restarted = await startApp(dataDir);
    const document = parse((await getMetadata(restarted)).body);
    expect(all(document, DS, 'X509Certificate')).toHaveLength(2);
    for (const published of all(document, DS, 'X509Certificate')) {
      expect(published.textContent?.replace(/\s+/g, '')).toBe(certificateBody(certificate));
    }
    expect(await readFile(join(folder, SP_KEY_FILE), 'utf8')).toBe(key);
  });

  it('from the environment win over the file, and one without the other is refused', async () => {
    const other = await generateServiceProviderKeys('sso.example.es');
    // The key as a one-line .env value writes it.
    const given = {
      privateKey: other.privateKey.replace(/\n/g, '\\n'),
      certificate: other.certificate,
    };
    const fromEnv = await startApp(dataDir, given);
    const res = await getMetadata(fromEnv);
    expect(res.statusCode).toBe(200);
    for (const published of all(parse(res.body), DS, 'X509Certificate')) {
      expect(published.textContent?.replace(/\s+/g, '')).toBe(certificateBody(other.certificate));
    }
    const keys = await loadServiceProviderKeys({ dataDir, publicUrl: SITE, samlSp: given });
    expect(keys.source).toBe('environment');
    expect(keys.privateKey).toBe(other.privateKey);

    const alone = { ...given, certificate: '' };
    await expect(
      loadServiceProviderKeys({ dataDir, publicUrl: SITE, samlSp: alone }),
    ).rejects.toThrow(ConfigError);
    const mine = await readFile(join(dataDir, SP_KEYS_FOLDER, SP_CERTIFICATE_FILE), 'utf8');
    const mismatched = { ...given, certificate: mine };
    await expect(
      loadServiceProviderKeys({ dataDir, publicUrl: SITE, samlSp: mismatched }),
    ).rejects.toThrow(/no es de esa clave privada/);
  });

  it('made by two processes at once are one pair', async () => {
    const fresh = await tempDataDir();
    const config = { dataDir: fresh, publicUrl: SITE };
    const [first, second] = await Promise.all([
      loadServiceProviderKeys(config),
      loadServiceProviderKeys(config),
    ]);
    expect(first.certificate).toBe(second.certificate);
    expect(first.privateKey).toBe(second.privateKey);
    expect([first.source, second.source].sort()).toEqual(['file', 'generated']);
    expect(await readdir(fresh)).toEqual([SP_KEYS_FOLDER]);
    expect((await loadServiceProviderKeys(config)).source).toBe('file');
  });
});
