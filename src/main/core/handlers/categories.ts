import type { Categories } from '../categories';
import type { Handlers, HandlerContext } from './context';

export function categoryHandlers(
  { settings }: HandlerContext,
  categories: Categories,
): Pick<Handlers, 'getCategories' | 'setCategoryLabel' | 'removeCategoryLabel'> {
  return {
    getCategories: () => {
      const environmentId = settings.current.selected;
      return { environmentId, categories: categories.of(environmentId) };
    },
    setCategoryLabel: ({ category }) => {
      const environmentId = settings.current.selected;
      return { environmentId, categories: categories.set(environmentId, category) };
    },
    removeCategoryLabel: ({ id }) => {
      const environmentId = settings.current.selected;
      return { environmentId, categories: categories.remove(environmentId, id) };
    },
  };
}
