import { CONTENT_TYPE_ATTRIBUTES, CONTENT_TYPE_WRITES } from '@plataforma/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRegistry } from './content-types';
import type { Attribute, ContentType } from './lib/strapi/types';

/*
 * The shared contract's attributes of each content type (packages/shared/src/schemas/
 * content-types.ts) against the registry, which the Drizzle tables feed: a column without its
 * contract entry, or the reverse, a nullable column the contract says is always there, a
 * protected field the contract promises everyone or a private one it names, fails here (ADR 0030).
 */

const registry = createRegistry();

/** The JSON types a field's schema allows (`null` included when it is nullable). */
function jsonTypesOf(schema: z.ZodType): Set<string> {
  const json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' }) as {
    type?: string | string[];
    anyOf?: { type?: string }[];
  };
  const types = new Set<string>();
  const add = (type: string | string[] | undefined) => {
    for (const one of [type ?? 'any'].flat()) types.add(one === 'integer' ? 'number' : one);
  };
  if (json.anyOf) for (const part of json.anyOf) add(part.type);
  else add(json.type);
  return types;
}

/** The JSON type the engine answers for an attribute. */
function wireTypeOf(attribute: Attribute): string {
  if (attribute.kind === 'component') return attribute.repeatable ? 'array' : 'object';
  if (attribute.kind === 'relation') return 'relation';
  switch (attribute.type) {
    case 'integer':
    case 'decimal':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'list':
      return 'array';
    case 'json':
      return 'any';
    default:
      return 'string';
  }
}

const answered = (type: ContentType) =>
  [...type.attributes.values()].filter(
    (attribute) => attribute.kind !== 'relation' && attribute.visibility !== 'private',
  );

/**
 * What is wrong with `shape` as the contract of `type`, one line per problem; none when it holds
 * every answered attribute with its JSON type, its nullability, optional when protected.
 */
function contractProblems(type: ContentType, shape: Record<string, z.ZodType>): string[] {
  const problems: string[] = [];
  const attributes = answered(type);
  for (const attribute of [...type.attributes.values()]) {
    if (attribute.visibility === 'private' && attribute.name in shape) {
      problems.push(`${attribute.name}: private, never answered`);
    }
  }
  for (const name of Object.keys(shape)) {
    if (!attributes.some((attribute) => attribute.name === name)) {
      problems.push(`${name}: not an attribute the API answers`);
    }
  }
  for (const attribute of attributes) {
    const field = shape[attribute.name];
    if (!field) {
      problems.push(`${attribute.name}: missing from the contract`);
      continue;
    }
    const types = jsonTypesOf(field);
    const any = types.has('any');
    const expected = wireTypeOf(attribute);
    if (expected !== 'any' && !any && !types.has(expected)) {
      problems.push(`${attribute.name}: ${expected} on the wire, ${[...types].join('|')} here`);
    }
    // A repeatable component answers a list, empty rather than null.
    const nullable =
      attribute.kind === 'scalar'
        ? attribute.nullable
        : attribute.kind === 'component' && !attribute.repeatable;
    if (!any && field.safeParse(null).success !== nullable) {
      problems.push(`${attribute.name}: ${nullable ? 'may be null' : 'never null'}`);
    }
    const isProtected = attribute.visibility === 'protected';
    if (!any && field.safeParse(undefined).success !== isProtected) {
      problems.push(
        `${attribute.name}: ${isProtected ? 'protected, so optional' : 'always there'}`,
      );
    }
    if (attribute.kind === 'scalar' && attribute.enumValues) {
      const refused = attribute.enumValues.filter((value) => !field.safeParse(value).success);
      if (refused.length > 0) problems.push(`${attribute.name}: refuses ${refused.join(', ')}`);
      if (field.safeParse('not one of them').success) {
        problems.push(`${attribute.name}: takes any text, not its values`);
      }
    }
  }
  return problems;
}

const typeOf = (uid: string) => registry.all().find((type) => type.uid === uid);

describe('the shared contract of the content types matches the registry', () => {
  it('has an entry for every content type, and none for a type that does not exist', () => {
    const uids = registry.all().map((type) => type.uid);
    // Users answer flat through their own routes (users-permissions), described in schemas/users.
    expect(Object.keys(CONTENT_TYPE_ATTRIBUTES).sort()).toEqual(
      uids.filter((uid) => uid !== 'plugin::users-permissions.user').sort(),
    );
  });

  it.each(Object.entries(CONTENT_TYPE_ATTRIBUTES))('%s', (uid, contract) => {
    const type = typeOf(uid);
    expect(type).toBeDefined();
    expect(contractProblems(type!, (contract as z.ZodObject).shape)).toEqual([]);
  });
});

/** The keys of a write body that are not something a client may write to the type. */
function unwritableKeys(type: ContentType, shape: Record<string, z.ZodType>): string[] {
  return Object.keys(shape).filter((name) => {
    const attribute = type.attributes.get(name);
    const publishes = name === 'publishedAt' && type.draftAndPublish;
    return !publishes && (!attribute || !attribute.writable || attribute.visibility === 'private');
  });
}

describe('the write bodies of the shared contract name what the types take', () => {
  it.each(Object.entries(CONTENT_TYPE_WRITES))('%s', (uid, body) => {
    expect(unwritableKeys(typeOf(uid)!, (body as z.ZodObject).shape)).toEqual([]);
  });

  it('a field the type does not have, or one nobody writes, is seen', () => {
    const tfx = typeOf('api::tfx.tfx')!;
    const shape = CONTENT_TYPE_WRITES['api::tfx.tfx'].shape;
    expect(
      unwritableKeys(tfx, { ...shape, hours_per_week: z.number(), views_count: z.number() }),
    ).toEqual(['hours_per_week', 'views_count']);
  });
});

describe('the check itself', () => {
  const project = typeOf('api::project.project')!;
  const shape = CONTENT_TYPE_ATTRIBUTES['api::project.project'].shape;

  it('sees a column without its contract entry, and an entry without its column', () => {
    const { title: _title, ...withoutTitle } = shape;
    expect(contractProblems(project, withoutTitle)).toEqual(['title: missing from the contract']);
    expect(contractProblems(project, { ...shape, hours_per_week: z.number().int() })).toEqual([
      'hours_per_week: not an attribute the API answers',
    ]);
  });

  it('sees a wrong type, a wrong nullability, an unprotected protected field and a private one', () => {
    expect(
      contractProblems(project, {
        ...shape,
        internship: z.string(),
        description: z.string(),
        status: z.string(),
      }),
    ).toEqual([
      'description: may be null',
      'status: takes any text, not its values',
      'internship: boolean on the wire, string here',
    ]);
    const organization = typeOf('api::organization.organization')!;
    const organizationShape = CONTENT_TYPE_ATTRIBUTES['api::organization.organization'].shape;
    expect(
      contractProblems(organization, { ...organizationShape, contact_mail: z.string().nullable() }),
    ).toEqual(['contact_mail: protected, so optional']);
    const tfx = typeOf('api::tfx.tfx')!;
    const tfxShape = CONTENT_TYPE_ATTRIBUTES['api::tfx.tfx'].shape;
    expect(contractProblems(tfx, { ...tfxShape, document_text: z.string().nullable() })).toEqual([
      'document_text: private, never answered',
      'document_text: not an attribute the API answers',
    ]);
  });
});
