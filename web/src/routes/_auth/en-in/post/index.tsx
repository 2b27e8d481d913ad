import { createFileRoute } from '@tanstack/react-router';
import { CategoryChooser } from '../../../../features/selling/CategoryChooser';

export const Route = createFileRoute('/_auth/en-in/post/')({
  component: CategoryChooser,
});
