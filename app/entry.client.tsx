import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { LanguageProvider, documentLanguage } from "./lib/i18n";

// The page's messages come with the document (root.tsx), so the first render has them.
const language = documentLanguage();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <LanguageProvider value={language}>
        <HydratedRouter />
      </LanguageProvider>
    </StrictMode>,
  );
});
