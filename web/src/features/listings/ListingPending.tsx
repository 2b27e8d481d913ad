/**
 * Kept in its own module: a route's pendingComponent stays in the entry chunk (the router plugin
 * does not split it), so it must not drag the detail page's code along.
 */
export function ListingPending() {
  return (
    <section className="page">
      <p className="status-text" role="status">
        Loading listing...
      </p>
    </section>
  );
}
