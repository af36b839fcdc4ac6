import type { Revived } from '@stromwerk/client/dates';
import type { Comment } from '@stromwerk/contracts/comments';

/** A comment as the client hands it out (dates revived). */
export type CommentItem = Revived<Comment>;

/** The Comments Tool's filters: one player or all, and the approval state. */
export interface CommentFilter {
  outputId: string;
  status: 'all' | 'approved' | 'unapproved';
}
