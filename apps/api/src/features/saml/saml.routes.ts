import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeSchema } from '../../lib/route-schema';
import { loadServiceProviderKeys, type ServiceProviderKeys } from './saml.keys';
import {
  buildServiceProviderMetadata,
  loadMetadataBranding,
  SAML_ACS_PATH,
  SAML_LOGOUT_PATH,
  SAML_METADATA_CONTENT_TYPE,
  SAML_METADATA_PATH,
} from './saml.metadata';

/**
 * Our SAML service provider (ADR 0074). For now its metadata, which a university's IT registers
 * in SIR or eduGAIN; sign-in, the assertion consumer and logout come with the rest of the SSO work.
 */
export async function samlRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Read or made once per process, on the first request (never at boot: a server without SSO
  // never writes a key).
  let keys: Promise<ServiceProviderKeys> | undefined;
  const serviceProviderKeys = () => {
    keys ??= loadServiceProviderKeys(app.config).catch((error: unknown) => {
      keys = undefined; // tried again on the next request, once the operator has put it right
      throw error;
    });
    return keys;
  };

  app.get(
    SAML_METADATA_PATH,
    {
      config: { auth: false },
      schema: {
        ...routeSchema(
          {
            tag: 'auth',
            summary: 'Our SAML 2.0 service provider metadata (public)',
            description: `Public; cacheable for an hour. The entity id is this address; assertions are consumed at ${SAML_ACS_PATH} (HTTP-POST) and logout is at ${SAML_LOGOUT_PATH} (HTTP-Redirect). One certificate for signing and encryption (SAML_SP_PRIVATE_KEY / SAML_SP_CERTIFICATE, else generated once in DATA_DIR/saml-sp); transient and persistent name ids; signed requests, signed assertions wanted; mdui:UIInfo, the contacts and the organisation from the branding; the requested attributes by urn:oid name.`,
            access: 'public',
          },
          {
            response: {
              200: z.string().meta({
                description: `The EntityDescriptor (${SAML_METADATA_CONTENT_TYPE})`,
              }),
            },
          },
        ),
        // The document's media type for the answer, instead of JSON (@fastify/swagger).
        produces: [SAML_METADATA_CONTENT_TYPE],
      },
    },
    async (_request, reply) => {
      const [serviceKeys, branding] = await Promise.all([
        serviceProviderKeys(),
        loadMetadataBranding(app.db, app.config.publicUrl),
      ]);
      const xml = buildServiceProviderMetadata({
        publicUrl: app.config.publicUrl,
        keys: serviceKeys,
        branding,
      });
      return reply
        .header('content-type', SAML_METADATA_CONTENT_TYPE)
        .header('cache-control', 'public, max-age=3600')
        .send(xml);
    },
  );
}
