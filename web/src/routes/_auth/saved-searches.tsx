import { createFileRoute } from '@tanstack/react-router';
import { SavedSearchesPage } from '../../features/saved-searches/SavedSearchesPage';

export const Route = createFileRoute('/_auth/saved-searches')({
  component: SavedSearchesPage,
});
