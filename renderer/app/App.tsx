// The app frame: navigation, theme switch, the window's title, and the screen of the current route.
import { useEffect } from 'react';
import { useRoute, href } from '../routing/routes.ts';
import { useTheme, type Theme } from './theme.ts';
import { PostList } from '../screens/PostList.tsx';
import { EditorScreen, MediaLibrary, SettingsScreen, SitesScreen, usePreloadedEditor } from './on-demand.tsx';
import { SitePicker } from '../sites/SitePicker.tsx';
import { ErrorBoundary } from '../components/ErrorNotice.tsx';
import { useDesktopMenu } from './desktop-menu.ts';
import { FindInPage } from './FindBar.tsx';
import { useClient } from '../api/client-context.tsx';

const SCREEN_TITLES = { posts: 'Posts', pages: 'Pages', media: 'Media', sites: 'Sites', settings: 'Settings' } as const;

export function App() {
  const route = useRoute();
  // An open item belongs to the site it came from: writing for another site reopens the screen.
  const site = useClient().apiRoot;
  const [theme, setTheme] = useTheme();
  useDesktopMenu();
  usePreloadedEditor();
  const current = route.screen === 'media' || route.screen === 'sites' || route.screen === 'settings' ? route.screen : route.kind;
  // The editor names its item in the title itself (with an unsaved mark); the desktop window follows.
  useEffect(() => {
    if (route.screen !== 'edit') document.title = `${SCREEN_TITLES[current]} — Inkwell`;
  }, [route, current]);
  return (
    <div className="app">
      <nav className="sidebar" aria-label="Main">
        <div className="brand">Inkwell</div>
        <SitePicker />
        <a href={href({ screen: 'list', kind: 'posts' })} aria-current={current === 'posts' ? 'page' : undefined}>Posts</a>
        <a href={href({ screen: 'list', kind: 'pages' })} aria-current={current === 'pages' ? 'page' : undefined}>Pages</a>
        <a href={href({ screen: 'media' })} aria-current={current === 'media' ? 'page' : undefined}>Media</a>
        <a href={href({ screen: 'sites' })} aria-current={current === 'sites' ? 'page' : undefined}>Sites</a>
        <a href={href({ screen: 'settings' })} aria-current={current === 'settings' ? 'page' : undefined}>Settings</a>
        <label className="theme">
          Theme
          <select value={theme} onChange={(event) => setTheme(event.target.value as Theme)}>
            <option value="system">System</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </label>
      </nav>
      <main className="content">
        <ErrorBoundary key={href(route)}>
          {route.screen === 'list' && <PostList key={`${route.kind}|${route.visit}`} kind={route.kind} />}
          {route.screen === 'edit' && <EditorScreen key={`${site}|${route.kind}-${route.id}|${route.visit}`} kind={route.kind} id={route.id} />}
          {route.screen === 'media' && <MediaLibrary />}
          {route.screen === 'sites' && <SitesScreen />}
          {route.screen === 'settings' && <SettingsScreen key={site} />}
        </ErrorBoundary>
      </main>
      <FindInPage />
    </div>
  );
}
