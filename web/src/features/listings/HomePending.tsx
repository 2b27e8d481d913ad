/** Its own module: a route's pendingComponent stays in the entry chunk, so it must stay tiny. */
export function HomePending() {
  return (
    <section className="home-section" aria-busy="true">
      <h2 className="section-title">Fresh recommendations</h2>
      <p className="status-text" role="status">
        Loading listings...
      </p>
    </section>
  );
}
