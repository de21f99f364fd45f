import type { ListTagsForResourceResponse, Tag, TagResourceResponse, UntagResourceResponse } from "@aws-sdk/client-sesv2";
import { AwsError, type AwsLocalRoutes } from "../server.ts";
import type { AwsLocalState } from "../state.ts";
import { notFound } from "./validation.ts";

/**
 * SES v2 resource tags (TagResource, UntagResource, ListTagsForResource) on the resources this
 * server keeps: email identities (`arn:aws:ses:<region>:<account>:identity/<name>`) and
 * configuration sets (`…:configuration-set/<name>`). A resource's tags are the same list its
 * Create took and its Get answers with.
 */

/** SES's limits: 50 tags per resource, keys of 1-128 characters, values of at most 256. */
const MAX_TAGS = 50;
const MAX_KEY_LENGTH = 128;
const MAX_VALUE_LENGTH = 256;

/** The tag list of the resource an ARN names, or NotFoundException. */
function tagsOf(state: AwsLocalState, arn: unknown): Tag[] {
  if (typeof arn !== "string" || arn === "") throw new AwsError("BadRequestException", "ResourceArn is required.");
  const prefix = `arn:aws:ses:${state.region}:${state.accountId}:`;
  if (!arn.startsWith(prefix)) throw notFound(`Resource <${arn}>`);
  const resource = arn.slice(prefix.length);
  const slash = resource.indexOf("/");
  const type = resource.slice(0, slash);
  const name = resource.slice(slash + 1);
  if (slash > 0 && type === "identity") {
    const identity = state.ses.identities.get(name.toLowerCase());
    if (identity) return identity.tags;
  }
  if (slash > 0 && type === "configuration-set") {
    const set = state.ses.configurationSets.get(name);
    if (set) return set.tags;
  }
  throw notFound(`Resource <${arn}>`);
}

function parseTags(value: unknown): Tag[] {
  if (!Array.isArray(value) || value.length === 0) throw new AwsError("BadRequestException", "Tags must be a non-empty list.");
  return value.map((tag: unknown) => {
    const { Key, Value } = (typeof tag === "object" && tag !== null ? tag : {}) as { Key?: unknown; Value?: unknown };
    if (typeof Key !== "string" || Key.length < 1 || Key.length > MAX_KEY_LENGTH || Key.toLowerCase().startsWith("aws:")) {
      throw new AwsError("BadRequestException", `Tag keys must be 1-${MAX_KEY_LENGTH} characters and must not start with aws:.`);
    }
    if (typeof Value !== "string" || Value.length > MAX_VALUE_LENGTH)
      throw new AwsError("BadRequestException", `Tag values must be strings of at most ${MAX_VALUE_LENGTH} characters.`);
    return { Key, Value };
  });
}

export function tags(routes: AwsLocalRoutes): void {
  routes.ses("POST", "/v2/email/tags", ({ body, state }): TagResourceResponse => {
    state.calls.push("ses:TagResource");
    const current = tagsOf(state, body.ResourceArn);
    const added = parseTags(body.Tags);
    const merged = new Map(current.map((tag) => [tag.Key, tag.Value]));
    for (const tag of added) merged.set(tag.Key, tag.Value);
    if (merged.size > MAX_TAGS) throw new AwsError("BadRequestException", `A resource has at most ${MAX_TAGS} tags.`);
    current.splice(0, current.length, ...[...merged].map(([Key, Value]) => ({ Key, Value })));
    return {};
  });

  routes.ses("DELETE", "/v2/email/tags", ({ query, state }): UntagResourceResponse => {
    state.calls.push("ses:UntagResource");
    const current = tagsOf(state, query.get("ResourceArn") ?? undefined);
    const keys = new Set(query.getAll("TagKeys"));
    if (keys.size === 0) throw new AwsError("BadRequestException", "TagKeys is required.");
    current.splice(0, current.length, ...current.filter((tag) => !keys.has(tag.Key ?? "")));
    return {};
  });

  routes.ses("GET", "/v2/email/tags", ({ query, state }): ListTagsForResourceResponse => {
    state.calls.push("ses:ListTagsForResource");
    return { Tags: tagsOf(state, query.get("ResourceArn") ?? undefined).map((tag) => ({ ...tag })) };
  });
}
