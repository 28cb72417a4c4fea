/**
 * The SAML attributes the platform asks identity providers for (ADR 0074), by their names in the
 * SAML2int / REFEDS / SCHAC profiles: `urn:oid:` names in the URI name format, as SIR and eduGAIN
 * release them. The subject of an identity is pairwise-id, else subject-id, else
 * eduPersonPrincipalName; never the email.
 */
export const ATTRIBUTE_NAME_FORMAT_URI = 'urn:oasis:names:tc:SAML:2.0:attrname-format:uri';

export interface RequestedAttribute {
  /** The attribute's name (`Name`), in the URI name format. */
  name: string;
  /** Its usual short name (`FriendlyName`). */
  friendlyName: string;
  /**
   * Sign-in cannot make an account without it (the email; a missing name is asked for in the
   * wizard).
   */
  required: boolean;
}

export const REQUESTED_ATTRIBUTES: readonly RequestedAttribute[] = [
  {
    name: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6',
    friendlyName: 'eduPersonPrincipalName',
    required: false,
  },
  { name: 'urn:oid:0.9.2342.19200300.100.1.3', friendlyName: 'mail', required: true },
  { name: 'urn:oid:2.5.4.42', friendlyName: 'givenName', required: false },
  { name: 'urn:oid:2.5.4.4', friendlyName: 'sn', required: false },
  {
    name: 'urn:oid:1.3.6.1.4.1.25178.1.2.9',
    friendlyName: 'schacHomeOrganization',
    required: false,
  },
  {
    name: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.1',
    friendlyName: 'eduPersonAffiliation',
    required: false,
  },
  {
    name: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.9',
    friendlyName: 'eduPersonScopedAffiliation',
    required: false,
  },
  {
    name: 'urn:oid:1.3.6.1.4.1.25178.1.2.14',
    friendlyName: 'schacPersonalUniqueCode',
    required: false,
  },
  {
    name: 'urn:oasis:names:tc:SAML:attribute:subject-id',
    friendlyName: 'subject-id',
    required: false,
  },
  {
    name: 'urn:oasis:names:tc:SAML:attribute:pairwise-id',
    friendlyName: 'pairwise-id',
    required: false,
  },
];
