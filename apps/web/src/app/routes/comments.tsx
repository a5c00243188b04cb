import { CommentsGuard } from '../../features/comments/components/comments-guard.tsx';
import { CommentsScreen } from '../../features/comments/components/comments-screen.tsx';

/** /comments (dispatch guard): the customer's comments on an open service (decision 613). */
export function Component() {
  return (
    <CommentsGuard>
      <CommentsScreen />
    </CommentsGuard>
  );
}
