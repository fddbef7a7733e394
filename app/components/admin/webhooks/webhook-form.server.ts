/** An endpoint's form as the webhooks service takes it: the address, the description, the events ticked and the switch. */
export function readEndpointForm(form: FormData) {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  return {
    url: text("url"),
    description: text("description"),
    events: form.getAll("events").filter((v): v is string => typeof v === "string"),
    active: form.get("active") === "on",
  };
}
