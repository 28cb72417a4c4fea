import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { showToast } from '../../components/ui/toast';

/** The history state a page leaves for the next one after a save: what to confirm there. */
export interface NoticeState {
  notice?: string;
}

/**
 * Confirms, as every action is (a toast: ADR 0035), the notice the previous page left in the
 * history state, once: the notice is then taken out of the state (the rest of it stays), so a
 * reload or going back does not repeat it.
 */
export function useNoticeToast(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as (NoticeState & Record<string, unknown>) | null;
  const notice = state?.notice;
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!notice || shown.current === location.key) return;
    shown.current = location.key;
    showToast(notice);
    const { notice: _shown, ...rest } = state ?? {};
    void navigate(`${location.pathname}${location.search}`, {
      replace: true,
      state: Object.keys(rest).length > 0 ? rest : null,
    });
  }, [notice, state, location.key, location.pathname, location.search, navigate]);
}
