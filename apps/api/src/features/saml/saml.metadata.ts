import { createHash, X509Certificate } from 'node:crypto';
import { generateServiceProviderMetadata } from '@node-saml/node-saml';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { asc } from 'drizzle-orm';
import type { Queryable } from '../../db/handles';
import { brandingSaas } from '../../db/schema';
import { emailLogoUrl, EMAIL_LOGO_PATH, loadLogoSource } from '../../lib/mail/email-logo';
import { DEFAULT_PROJECT_NAME } from '../../lib/mail/outbox';
import { EMAIL_LOGO_BOX } from '../../lib/mail/templates';
import { ATTRIBUTE_NAME_FORMAT_URI, REQUESTED_ATTRIBUTES } from './saml.attributes';
import type { ServiceProviderKeys } from './saml.keys';

/**
 * Our SAML 2.0 service provider metadata (ADR 0074), what a university's IT registers in SIR or
 * eduGAIN. node-saml writes the standard part (entity, keys, endpoints, name id format); the
 * parts it has no option for are added to its document with @xmldom/xmldom, whose serializer
 * escapes every value: the user interface information (`mdui:UIInfo`), the requested attributes,
 * the second name id format and the logout binding.
 */
export const SAML_METADATA_PATH = '/api/auth/saml/metadata';
export const SAML_ACS_PATH = '/api/auth/saml/acs';
export const SAML_LOGOUT_PATH = '/api/auth/saml/logout';
export const SAML_METADATA_CONTENT_TYPE = 'application/samlmetadata+xml';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const MDUI = 'urn:oasis:names:tc:SAML:metadata:ui';
const XML = 'http://www.w3.org/XML/1998/namespace';
const XMLNS = 'http://www.w3.org/2000/xmlns/';
const HTTP_REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
export const NAMEID_TRANSIENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';
export const NAMEID_PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';
const LANG = 'es';
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** The entity id: the metadata's own address, as SAML2int recommends. */
export const samlEntityId = (publicUrl: string) => `${publicUrl}${SAML_METADATA_PATH}`;

export interface MetadataLogo {
  url: string;
  width: number;
  height: number;
}

/** What the metadata shows of the branding (spec §3 Branding); absent parts are left out. */
export interface MetadataBranding {
  /** The platform's name: mdui:DisplayName and the attribute service's name. */
  displayName: string;
  /** The university or network running it: md:Organization. */
  organizationName: string | undefined;
  /** The contact address: technical and support contact. */
  contactEmail: string | undefined;
  /** The privacy text, absolute. */
  privacyUrl: string | undefined;
  logo: MetadataLogo | undefined;
}

/** Control characters out, spaces collapsed: an admin's text as one line. */
const oneLine = (text: string | null | undefined) =>
  text?.replace(/[\p{Cc}\s]+/gu, ' ').trim() || undefined;

/** A site link (absolute, or a path of this site) as an absolute http(s) address. */
function absoluteUrl(link: string | null | undefined, publicUrl: string): string | undefined {
  const value = link?.trim();
  if (!value || !URL.canParse(value, `${publicUrl}/`)) return undefined;
  const url = new URL(value, `${publicUrl}/`);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
}

/**
 * The logo, only where its size is known: the site's own logo is published as the PNG the API
 * draws of it for emails (lib/mail/email-logo.ts), always the email box at twice its size. A logo
 * on another site is left out: the API fetches nothing from other sites to measure it, and mdui
 * requires its height and width.
 */
async function metadataLogo(db: Queryable, publicUrl: string): Promise<MetadataLogo | undefined> {
  const url = emailLogoUrl(await loadLogoSource(db), publicUrl);
  if (!url?.startsWith(`${publicUrl}${EMAIL_LOGO_PATH}?`)) return undefined;
  // drawEmailLogo's size (SCALE 2); saml.metadata.test.ts checks the two agree.
  return { url, width: EMAIL_LOGO_BOX.width * 2, height: EMAIL_LOGO_BOX.height * 2 };
}

/** The branding as the metadata shows it, read afresh (admins change it). */
export async function loadMetadataBranding(
  db: Queryable,
  publicUrl: string,
): Promise<MetadataBranding> {
  const [brand] = await db
    .select({
      projectName: brandingSaas.projectName,
      universityName: brandingSaas.university_name,
      mailTo: brandingSaas.mailTo,
      politicsUrl: brandingSaas.politicsUrl,
    })
    .from(brandingSaas)
    .orderBy(asc(brandingSaas.id))
    .limit(1);
  const email = oneLine(brand?.mailTo)?.replace(/^mailto:/i, '');
  return {
    displayName: oneLine(brand?.projectName) ?? DEFAULT_PROJECT_NAME,
    organizationName: oneLine(brand?.universityName),
    contactEmail: email && /^[^\s@]+@[^\s@]+$/.test(email) ? email : undefined,
    privacyUrl: absoluteUrl(brand?.politicsUrl, publicUrl),
    logo: await metadataLogo(db, publicUrl),
  };
}

export interface MetadataInput {
  publicUrl: string;
  keys: Pick<ServiceProviderKeys, 'privateKey' | 'certificate'>;
  branding: MetadataBranding;
}

/** The metadata document, UTF-8, indented. */
export function buildServiceProviderMetadata({ publicUrl, keys, branding }: MetadataInput): string {
  const entityId = samlEntityId(publicUrl);
  const contactEmail = branding.contactEmail ? `mailto:${branding.contactEmail}` : undefined;
  const standard = generateServiceProviderMetadata({
    issuer: entityId,
    callbackUrl: `${publicUrl}${SAML_ACS_PATH}`,
    logoutCallbackUrl: `${publicUrl}${SAML_LOGOUT_PATH}`,
    identifierFormat: NAMEID_TRANSIENT,
    wantAssertionsSigned: true,
    // The same pair signs our requests and receives encrypted assertions: both KeyDescriptors.
    privateKey: keys.privateKey,
    publicCerts: keys.certificate,
    decryptionPvk: keys.privateKey,
    decryptionCert: keys.certificate,
    // The same document for the same entity and certificate, so caches can compare it.
    generateUniqueId: () => stableId(entityId, keys.certificate),
    ...(branding.organizationName
      ? {
          metadataOrganization: {
            OrganizationName: [{ '@xml:lang': LANG, '#text': branding.organizationName }],
            OrganizationDisplayName: [{ '@xml:lang': LANG, '#text': branding.organizationName }],
            OrganizationURL: [{ '@xml:lang': LANG, '#text': `${publicUrl}/` }],
          },
        }
      : {}),
    ...(contactEmail
      ? {
          metadataContactPerson: (['technical', 'support'] as const).map((type) => ({
            '@contactType': type,
            EmailAddress: [contactEmail] as [string],
          })),
        }
      : {}),
  });

  const document = new DOMParser().parseFromString(standard, 'text/xml');
  const root = document.documentElement;
  root.setAttributeNS(XMLNS, 'xmlns:mdui', MDUI);
  const sp = onlyChild(root, MD, 'SPSSODescriptor');
  const element = (namespace: string, name: string, attributes: Record<string, string> = {}) => {
    const node = document.createElementNS(namespace, name);
    for (const [attribute, value] of Object.entries(attributes)) {
      if (attribute === 'xml:lang') node.setAttributeNS(XML, attribute, value);
      else node.setAttribute(attribute, value);
    }
    return node;
  };
  const withText = (node: Element, text: string) => {
    node.appendChild(document.createTextNode(text));
    return node;
  };

  // Extensions come first in a role descriptor (after a signature, which it has none of).
  const extensions = element(MD, 'Extensions');
  const ui = element(MDUI, 'mdui:UIInfo');
  ui.appendChild(
    withText(element(MDUI, 'mdui:DisplayName', { 'xml:lang': LANG }), branding.displayName),
  );
  ui.appendChild(
    withText(element(MDUI, 'mdui:InformationURL', { 'xml:lang': LANG }), `${publicUrl}/`),
  );
  if (branding.privacyUrl) {
    ui.appendChild(
      withText(
        element(MDUI, 'mdui:PrivacyStatementURL', { 'xml:lang': LANG }),
        branding.privacyUrl,
      ),
    );
  }
  if (branding.logo) {
    const { url, width, height } = branding.logo;
    ui.appendChild(
      withText(element(MDUI, 'mdui:Logo', { height: String(height), width: String(width) }), url),
    );
  }
  extensions.appendChild(ui);
  sp.insertBefore(extensions, firstElement(sp));

  // node-saml answers logout on HTTP-POST only; ours is reached by redirect.
  onlyChild(sp, MD, 'SingleLogoutService').setAttribute('Binding', HTTP_REDIRECT);

  // transient (no account link) and persistent (a stable pseudonymous id), in that order.
  const transient = onlyChild(sp, MD, 'NameIDFormat');
  sp.insertBefore(withText(element(MD, 'NameIDFormat'), NAMEID_PERSISTENT), transient.nextSibling);

  // After the assertion consumer services, last in the descriptor.
  const consuming = element(MD, 'AttributeConsumingService', { index: '1', isDefault: 'true' });
  consuming.appendChild(
    withText(element(MD, 'ServiceName', { 'xml:lang': LANG }), branding.displayName),
  );
  for (const attribute of REQUESTED_ATTRIBUTES) {
    consuming.appendChild(
      element(MD, 'RequestedAttribute', {
        FriendlyName: attribute.friendlyName,
        Name: attribute.name,
        NameFormat: ATTRIBUTE_NAME_FORMAT_URI,
        isRequired: String(attribute.required),
      }),
    );
  }
  sp.appendChild(consuming);

  indent(root, 0);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(root)}\n`;
}

/** `_` and 40 hex digits: an xs:ID that changes only with the entity or the certificate. */
function stableId(entityId: string, certificate: string): string {
  const der = new X509Certificate(certificate).raw;
  return `_${createHash('sha256').update(entityId).update(der).digest('hex').slice(0, 40)}`;
}

function elementChildren(parent: Element): Element[] {
  const children: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === ELEMENT_NODE) children.push(node as Element);
  }
  return children;
}

const firstElement = (parent: Element): Element | null => elementChildren(parent)[0] ?? null;

function onlyChild(parent: Element, namespace: string, localName: string): Element {
  const found = elementChildren(parent).filter(
    (child) => child.namespaceURI === namespace && child.localName === localName,
  );
  if (found.length !== 1 || !found[0]) {
    throw new Error(`node-saml's metadata has ${found.length} ${localName} in ${parent.localName}`);
  }
  return found[0];
}

/**
 * Lays out element-only content two spaces a level, as node-saml does, so the added elements
 * read like the rest. Elements with text keep it untouched.
 */
function indent(node: Element, depth: number) {
  const children = elementChildren(node);
  if (children.length === 0) return;
  for (let child = node.firstChild; child;) {
    const next = child.nextSibling;
    if (child.nodeType === TEXT_NODE && !child.nodeValue?.trim()) node.removeChild(child);
    child = next;
  }
  const document = node.ownerDocument;
  const pad = (level: number) => document.createTextNode(`\n${'  '.repeat(level)}`);
  for (const child of children) {
    node.insertBefore(pad(depth + 1), child);
    indent(child, depth + 1);
  }
  node.appendChild(pad(depth));
}
