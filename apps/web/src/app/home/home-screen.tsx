import { Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { NotAvailableContent } from '../../components/layout/not-available';
import { PageLoader } from '../../components/feedback/page-loader';
import { usePermissions } from '../../lib/permissions';
import { browserSessionStorage } from '../../lib/web-storage';
import { COLLECTORS_SEARCH, PAYERS_SEARCH, PAYMENTS_SEARCH, type LazyScreen } from '../screens';
import { initialHomeTab, readHomeTab, visibleHomeTabs, writeHomeTab, type HomeTabType } from './home-tabs';

/** The screen of each displayed tab (the subscription tab exists in the logic only). */
const TAB_SCREENS: Partial<Record<HomeTabType, LazyScreen>> = {
  payment: PAYMENTS_SEARCH,
  collector: COLLECTORS_SEARCH,
  payer: PAYERS_SEARCH,
};

function TabScreen({ screen }: { screen: LazyScreen }) {
  return <screen.Component />;
}

/** /home: Buscar Pagos, Buscar Entidades (COLLECTOR_SHOW) and Buscar Pagadores (PAYER_SHOW) as tabs. */
export default function HomeScreen() {
  const permissions = usePermissions();
  const tabs = useMemo(() => visibleHomeTabs(permissions), [permissions]);
  const [active, setActive] = useState<HomeTabType>(() =>
    initialHomeTab(readHomeTab(browserSessionStorage()), tabs),
  );
  const current = tabs.find((t) => t.type === active) ?? tabs[0]!;

  const [, setSearchParams] = useSearchParams();
  const select = (tab: HomeTabType) => {
    setActive(tab);
    writeHomeTab(browserSessionStorage(), tab);
    // Each tab's list keeps its own state in the address: the next tab starts from its saved list, not from the
    // parameters of the one left.
    setSearchParams(new URLSearchParams(), { replace: true });
  };

  return (
    <Box>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={current.type}
          onChange={(_e, value: HomeTabType) => select(value)}
          aria-label="Búsquedas del inicio"
          textColor="primary"
          indicatorColor="primary"
        >
          {tabs.map((tab) => (
            <Tab
              key={tab.type}
              value={tab.type}
              label={tab.label}
              id={`home-tab-${tab.type}`}
              aria-controls={`home-tabpanel-${tab.type}`}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`home-tabpanel-${current.type}`} aria-labelledby={`home-tab-${current.type}`}>
        {TAB_SCREENS[current.type] ? (
          <Suspense fallback={<PageLoader />}>
            <TabScreen screen={TAB_SCREENS[current.type]!} />
          </Suspense>
        ) : (
          <NotAvailableContent title={current.label} />
        )}
      </Box>
    </Box>
  );
}
