import type { Revived } from '@stromwerk/client/dates';
import type { Corporation } from '@stromwerk/contracts/corporations';
import type { Member } from '@stromwerk/contracts/permissions';
import type { Social } from '@stromwerk/contracts/socials';
import type { User } from '@stromwerk/contracts/users';
import type { Workspace } from '@stromwerk/contracts/workspaces';

/** Entities as the client hands them out: the spec's date fields are Date objects. */
export type UserData = Revived<User>;
export type CorporationData = Revived<Corporation>;
export type WorkspaceData = Revived<Workspace>;
export type MemberData = Revived<Member>;
export type SocialData = Revived<Social>;
