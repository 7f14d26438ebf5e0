// Who does what in a seeded tenant, among its members (User keys are e-mails): the admin sells
// and approves, the CSR serves customers, the press operator prints and packs. A tenant without
// one of them (the second tenant has only its admin) gives the job to its first member.

export interface Staff {
  admin: string | null;
  csr: string | null;
  press: string | null;
}

export function staffOf(users: string[]): Staff {
  const first = users[0] ?? null;
  const find = (local: string) => users.find((u) => u.startsWith(`${local}@`)) ?? first;
  return { admin: find("admin"), csr: find("csr"), press: find("press") };
}
