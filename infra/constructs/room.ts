import { Construct, type IConstruct } from 'constructs';

/**
 * A part of the stack with a name (data, API, web and CDN, schedule, alarms), so the stack reads
 * as a few rooms instead of one long constructor. A room only groups: its id does not enter the
 * logical ids of what it holds (`TimeledgerStack.allocateLogicalId`), so moving a resource into a
 * room renames nothing in CloudFormation and replaces nothing on deploy — the retained table above
 * all.
 */
export class Room extends Construct {}

/** The scopes of a construct's path that name it in CloudFormation: every one but the rooms. */
export function pathWithoutRooms(scopes: readonly IConstruct[]): IConstruct[] {
  return scopes.filter((scope) => !(scope instanceof Room));
}
