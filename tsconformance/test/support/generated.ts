// The generated package, indexed by top-level type name.
import type * as fc from "fast-check";
import * as g from "../../../gen/ts/src/index.js";
import * as arb from "../../../gen/ts/src/arbitraries.js";
import type { ParseResult, ValidationError } from "../../../gen/ts/src/index.js";
import type { TopLevelType } from "./schema.js";

export interface Generated {
  validate: (v: unknown) => ValidationError[];
  is: (v: unknown) => boolean;
  parse: (json: string) => ParseResult<unknown>;
  serialize: (v: never) => string;
  arbitrary: () => fc.Arbitrary<unknown>;
}

/** once builds an arbitrary on first use and then reuses it (building one compiles its patterns). */
function once<T>(f: () => fc.Arbitrary<T>): () => fc.Arbitrary<T> {
  let a: fc.Arbitrary<T> | undefined;
  return () => (a ??= f());
}

export const generated: Record<TopLevelType, Generated> = {
  ProtocolVersion: { validate: g.validateProtocolVersion, is: g.isProtocolVersion, parse: g.parseProtocolVersion, serialize: g.serializeProtocolVersion, arbitrary: once(() => arb.arbitraryProtocolVersion()) },
  SkillDescriptor: { validate: g.validateSkillDescriptor, is: g.isSkillDescriptor, parse: g.parseSkillDescriptor, serialize: g.serializeSkillDescriptor, arbitrary: once(() => arb.arbitrarySkillDescriptor()) },
  SkillIndex: { validate: g.validateSkillIndex, is: g.isSkillIndex, parse: g.parseSkillIndex, serialize: g.serializeSkillIndex, arbitrary: once(() => arb.arbitrarySkillIndex()) },
  InvocationRequest: { validate: g.validateInvocationRequest, is: g.isInvocationRequest, parse: g.parseInvocationRequest, serialize: g.serializeInvocationRequest, arbitrary: once(() => arb.arbitraryInvocationRequest()) },
  InvocationResponse: { validate: g.validateInvocationResponse, is: g.isInvocationResponse, parse: g.parseInvocationResponse, serialize: g.serializeInvocationResponse, arbitrary: once(() => arb.arbitraryInvocationResponse()) },
  Finding: { validate: g.validateFinding, is: g.isFinding, parse: g.parseFinding, serialize: g.serializeFinding, arbitrary: once(() => arb.arbitraryFinding()) },
  FindingsResponse: { validate: g.validateFindingsResponse, is: g.isFindingsResponse, parse: g.parseFindingsResponse, serialize: g.serializeFindingsResponse, arbitrary: once(() => arb.arbitraryFindingsResponse()) },
  GetSessionFindingsParams: { validate: g.validateGetSessionFindingsParams, is: g.isGetSessionFindingsParams, parse: g.parseGetSessionFindingsParams, serialize: g.serializeGetSessionFindingsParams, arbitrary: once(() => arb.arbitraryGetSessionFindingsParams()) },
};
