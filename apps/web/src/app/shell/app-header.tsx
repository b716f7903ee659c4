import type { User } from '@plumbline/contracts';
import { ChevronDown, LogOut, Settings } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { initials } from '@/lib/format';
import { useT } from '@/lib/i18n';

// Shown to visitors without an account (the demo), after the first paint: off the first view's budget.
const LanguageSwitcher = lazy(async () => ({
  default: (await import('@/components/language-switcher')).LanguageSwitcher,
}));

export interface AppHeaderProps {
  /** The signed-in user; null in demo mode. */
  user: User | null;
  demo: boolean;
  onOpenSettings?: (() => void) | undefined;
  onSignOut?: (() => void) | undefined;
  signingOut?: boolean;
}

export function AppHeader({ user, demo, onOpenSettings, onSignOut, signingOut = false }: AppHeaderProps) {
  const t = useT('app');
  // Wraps rather than scrolls sideways at 320 px (WCAG 1.4.10 reflow).
  return (
    <div className="flex min-h-14 flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2">
      <div className="flex items-center gap-3">
        <Link
          to={demo ? '/demo' : '/dashboard'}
          className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Logo />
        </Link>
        {demo && <Badge variant="warning">{t('app.demoBadge')}</Badge>}
      </div>
      {user ? (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <button
              type="button"
              className="flex cursor-pointer items-center gap-2 rounded-full py-1 pl-1 pr-2 text-sm transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              // Begins with the visible name; the initials beside it are hidden (WCAG 2.5.3).
              aria-label={t('app.accountMenu', { name: user.fullName })}
            >
              {user.avatarUrl ? (
                <img
                  src={user.avatarUrl}
                  alt=""
                  aria-hidden="true"
                  className="size-7 rounded-full object-cover"
                />
              ) : (
                // The initials are drawn by CSS, not written as text: the button's visible text is then
                // exactly the name its label begins with (WCAG 2.5.3).
                <span
                  aria-hidden="true"
                  data-initials={initials(user.fullName || user.email)}
                  className="flex size-7 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary before:content-[attr(data-initials)]"
                />
              )}
              <span className="hidden max-w-40 truncate font-medium sm:inline">{user.fullName}</span>
              <ChevronDown className="size-4 text-muted-foreground" aria-hidden="true" />
            </button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuLabel>
              <p className="truncate font-medium">{user.fullName}</p>
              <p className="truncate text-xs font-normal text-muted-foreground">{user.email}</p>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            {onOpenSettings && (
              <DropdownMenuItem onSelect={onOpenSettings}>
                <Settings /> {t('app.settings')}
              </DropdownMenuItem>
            )}
            <DropdownMenuItem onSelect={onSignOut} disabled={signingOut}>
              <LogOut /> {t('app.signOut')}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <Suspense fallback={null}>
            <LanguageSwitcher />
          </Suspense>
          <Button asChild variant="ghost" size="sm">
            <Link to="/login">{t('app.signIn.submit')}</Link>
          </Button>
          <Button asChild size="sm">
            <Link to="/signup">{t('app.signUp.submit')}</Link>
          </Button>
        </div>
      )}
    </div>
  );
}
