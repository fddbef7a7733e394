import { Checkbox } from "~/components/form/fields";
import { useT } from "~/lib/i18n";

/** The checkout's box for cart reminders (guests): unticked unless this browser agreed before; the page sends its answer at once. */
export function ReminderConsentBox({ defaultChecked, className }: { defaultChecked: boolean; className?: string }) {
  const t = useT();
  return (
    <div className={className}>
      <input type="hidden" name="cartRemindersOffered" value="1" />
      <Checkbox name="cartReminders" label={t("reminders.consent")} hint={t("reminders.consentHint")} defaultChecked={defaultChecked} />
    </div>
  );
}
