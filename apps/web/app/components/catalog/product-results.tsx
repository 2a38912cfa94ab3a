import { useLocation } from 'react-router';
import type { TProductPage } from '@podo/contracts';
import { EmptyState } from '../ui';
import { Pagination } from './pagination';
import { ProductCard } from './product-card';

/** A page of wine cards with its page links, or the empty list (a winery's, an article's or an event's wines). */
export function ProductResults({ wines }: { wines: TProductPage }) {
  const location = useLocation();
  return (
    <>
      {wines._embedded.items.length ? (
        <div className="product-grid">
          {wines._embedded.items.map((p) => (
            <ProductCard key={p.id} product={p} />
          ))}
        </div>
      ) : (
        <EmptyState />
      )}
      <Pagination page={wines.page.number} totalPages={wines.page.totalPages} search={location.search} />
    </>
  );
}
