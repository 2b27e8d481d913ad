/**
 * A saved search opened from its alert's link (`/products?…&since=…&savedSearch=ss_…`: a Web Push,
 * the notification panel, a shared tab) counts as looked at: its newCount starts again from now
 * (decision 009). Once the reader's sign-in is known the parameter leaves the URL, so a reload or a
 * later filter change does not mark it again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../auth/use-auth';
import { savedSearchKeys, savedSearchesApi } from './saved-searches';

export function useOpenedFromAlert(savedSearchId: string | undefined, dropParam: () => void) {
  const { status } = useAuth();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!savedSearchId || status === 'loading') return;
    if (status === 'authenticated') {
      // someone else's id, or one deleted meanwhile, is a 404 the reader need not hear about
      void savedSearchesApi
        .seen(savedSearchId)
        .then(() => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }))
        .catch(() => undefined);
    }
    dropParam();
    // once per id and sign-in state (dropParam is a new function each render)
  }, [savedSearchId, status]);
}
