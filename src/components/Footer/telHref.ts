/** A dialable tel: link from a phone number as staff write it ("+91 (20) 2345-6789"). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;
