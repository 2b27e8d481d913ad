import { createFileRoute } from '@tanstack/react-router';
import { ProductsPage } from '../features/listings/ProductsPage';
import { productsSearchSchema } from '../lib/search-params';

export const Route = createFileRoute('/products')({
  validateSearch: productsSearchSchema,
  component: ProductsPage,
});
