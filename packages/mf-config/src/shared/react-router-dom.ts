/**
 * What the page's one router provides under the share key `react-router-dom` (see PROVIDED_BY_FILE in
 * ../index.ts): the declarative-router API the front ends use, from react-router, which react-router-dom
 * 7 re-exports unchanged. Add a name here when a front end needs it (the router-surface test says so).
 * Data routers (createBrowserRouter, loaders, actions) are left out on purpose: the shell renders a
 * <BrowserRouter>, and remotes only provide route elements.
 */
export {
  BrowserRouter,
  createSearchParams,
  generatePath,
  Link,
  MemoryRouter,
  matchPath,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutletContext,
  useParams,
  useResolvedPath,
  useSearchParams,
} from 'react-router'
