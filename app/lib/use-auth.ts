import { createContext, createElement, useContext, useEffect, useMemo, useState } from "react";
import { useNavigation, useRouteLoaderData } from "react-router";
import { useT } from "~/lib/i18n";
import { showToast } from "~/lib/toast";
import type { SessionUser } from "#server/auth/auth.service";

/** The signed-in user as the server's load context describes it (`context.user`). */
export type { SessionUser };

/** The user's record on the shop's own server (`GET /api/auth/user/{uid}`); the spec leaves its fields open. */
export type DbUser = Record<string, unknown>;

export interface AuthState {
  /** The identity (null when signed out). */
  user: SessionUser | null;
  /** The server profile, once loaded (null while loading, after a failure, or when signed out). */
  dbUser: DbUser | null;
  /** True at start, while signing in, out or up, and until the server profile load has finished. */
  loading: boolean;
  /** Marks a sign-in that runs outside a route form (the third-party popup). */
  setSigningIn: (busy: boolean) => void;
}

/** Paths whose form submissions sign in, sign up or sign out. */
const AUTH_ACTIONS = ["/login", "/register", "/logout"];
const isAuthAction = (action: string | undefined) => Boolean(action && AUTH_ACTIONS.includes(action.split("?")[0]));

const AuthContext = createContext<AuthState | null>(null);

/**
 * Holds the authentication state of spec section 4 for the whole app: the user comes from the
 * root loader (the session cookie, read on the server); after it appears, the server profile is
 * loaded (again when the user's name or photo changes). A failing profile load logs 'Error fetching user data' and shows the toast
 * 'Failed to fetch user data.' (in the page's language). With no user, the stored profile is cleared.
 */
export function AuthProvider({ user, children }: { user: SessionUser | null; children: React.ReactNode }) {
  const [profile, setProfile] = useState<{ uid: string; data: DbUser | null } | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const navigation = useNavigation();
  const t = useT();
  const uid = user?.id ?? null;
  // A changed name or photo (a saved profile) refreshes the server profile too.
  const version = user ? `${user.name}\n${user.image ?? ""}` : "";

  useEffect(() => {
    if (!uid) {
      setProfile(null);
      return;
    }
    let live = true;
    fetch(`/api/auth/user/${encodeURIComponent(uid)}`, { credentials: "include", headers: { accept: "application/json" } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const body = (await res.json()) as DbUser;
        if (live) setProfile({ uid, data: body });
      })
      .catch((err: unknown) => {
        if (!live) return;
        console.error("Error fetching user data", err);
        showToast("error", t("account.profile.fetchFailed"));
        setProfile({ uid, data: null });
      });
    return () => {
      live = false;
    };
  }, [uid, version, t]);

  // The sign-in, sign-up and sign-out forms are route forms (navigations), so the navigation tells.
  const submitting = navigation.state !== "idle" && isAuthAction(navigation.formAction);
  const profileSettled = !uid || profile?.uid === uid;
  const value = useMemo<AuthState>(
    () => ({
      user,
      dbUser: uid && profile?.uid === uid ? profile.data : null,
      loading: submitting || signingIn || !profileSettled,
      setSigningIn,
    }),
    [user, uid, profile, submitting, signingIn, profileSettled],
  );
  return createElement(AuthContext.Provider, { value }, children);
}

/** The authentication state (user, server profile, loading); see `AuthProvider`. */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error("useAuth() outside <AuthProvider>");
  return state;
}

/** The signed-in user from the root loader, without the profile machinery (cheap, SSR-safe). */
export function useUser(): SessionUser | null {
  const data = useRouteLoaderData("root") as { user?: SessionUser | null } | undefined;
  return data?.user ?? null;
}
