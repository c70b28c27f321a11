// The generated package, indexed by top-level type name.
import type * as fc from "fast-check";
import * as g from "../../../gen/ts/src/index.js";
import * as arb from "../../../gen/ts/src/arbitraries.js";
import type { ParseResult, ValidationError } from "../../../gen/ts/src/index.js";
import type { TopLevelType } from "./schema.js";

export interface Generated {
  validate: (v: unknown) => ValidationError[];
  is: (v: unknown) => boolean;
  check: (v: unknown) => ParseResult<unknown>;
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
  ProtocolVersion: { validate: g.validateProtocolVersion, is: g.isProtocolVersion, check: g.checkProtocolVersion, parse: g.parseProtocolVersion, serialize: g.serializeProtocolVersion, arbitrary: once(() => arb.arbitraryProtocolVersion()) },
  SkillDescriptor: { validate: g.validateSkillDescriptor, is: g.isSkillDescriptor, check: g.checkSkillDescriptor, parse: g.parseSkillDescriptor, serialize: g.serializeSkillDescriptor, arbitrary: once(() => arb.arbitrarySkillDescriptor()) },
  SkillIndex: { validate: g.validateSkillIndex, is: g.isSkillIndex, check: g.checkSkillIndex, parse: g.parseSkillIndex, serialize: g.serializeSkillIndex, arbitrary: once(() => arb.arbitrarySkillIndex()) },
  InvocationRequest: { validate: g.validateInvocationRequest, is: g.isInvocationRequest, check: g.checkInvocationRequest, parse: g.parseInvocationRequest, serialize: g.serializeInvocationRequest, arbitrary: once(() => arb.arbitraryInvocationRequest()) },
  InvocationResponse: { validate: g.validateInvocationResponse, is: g.isInvocationResponse, check: g.checkInvocationResponse, parse: g.parseInvocationResponse, serialize: g.serializeInvocationResponse, arbitrary: once(() => arb.arbitraryInvocationResponse()) },
  Finding: { validate: g.validateFinding, is: g.isFinding, check: g.checkFinding, parse: g.parseFinding, serialize: g.serializeFinding, arbitrary: once(() => arb.arbitraryFinding()) },
  FindingsResponse: { validate: g.validateFindingsResponse, is: g.isFindingsResponse, check: g.checkFindingsResponse, parse: g.parseFindingsResponse, serialize: g.serializeFindingsResponse, arbitrary: once(() => arb.arbitraryFindingsResponse()) },
  GetSessionFindingsParams: { validate: g.validateGetSessionFindingsParams, is: g.isGetSessionFindingsParams, check: g.checkGetSessionFindingsParams, parse: g.parseGetSessionFindingsParams, serialize: g.serializeGetSessionFindingsParams, arbitrary: once(() => arb.arbitraryGetSessionFindingsParams()) },
};
