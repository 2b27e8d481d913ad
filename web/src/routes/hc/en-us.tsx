import { createFileRoute } from '@tanstack/react-router';
import { HelpCentrePage } from '../../features/help/HelpCentrePage';

export const Route = createFileRoute('/hc/en-us')({
  component: HelpCentrePage,
});
