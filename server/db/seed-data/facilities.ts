import { defineSeed } from "./define";

// Tenant 1 prints in its plant and keeps paper and finished goods in a warehouse across town.
// Each facility has the addresses goods are shipped to it at (docks, the front office).
export default defineSeed({
  rows: ({ full }) =>
    full
      ? [
          {
            name: "Main Plant",
            code: "PLT",
            kind: "plant",
            street1: "2450 W Fulton St",
            city: "Chicago",
            state: "IL",
            postal_code: "60612",
            country: "US",
            phone: "(312) 555-0140",
            timezone: "America/Chicago",
            order_cutoff: "14:00",
            mail_entry_office: "Chicago IL NDC",
            permit_numbers: [
              { number: "1234", type: "permit_imprint" },
              { number: "M-5521", type: "meter" },
            ],
            shipping_addresses: [
              {
                nickname: "Dock 2",
                company: "Pressroom Demo Print",
                attention: "Receiving",
                street1: "2450 W Fulton St",
                street2: "Dock 2 (enter from Rockwell St)",
                city: "Chicago",
                state: "IL",
                postal_code: "60612",
                country: "US",
                phone: "(312) 555-0145",
                is_default: true,
              },
              {
                nickname: "Front office",
                company: "Pressroom Demo Print",
                attention: "Front desk",
                street1: "2450 W Fulton St",
                city: "Chicago",
                state: "IL",
                postal_code: "60612",
                country: "US",
                phone: "(312) 555-0140",
                is_default: false,
              },
            ],
            active: true,
          },
          {
            name: "North Warehouse",
            code: "WH1",
            kind: "warehouse",
            street1: "8800 N Lehigh Ave",
            city: "Niles",
            state: "IL",
            postal_code: "60714",
            country: "US",
            phone: "(847) 555-0177",
            timezone: "America/Chicago",
            order_cutoff: "12:00",
            shipping_addresses: [
              {
                nickname: "Receiving dock",
                company: "Pressroom Demo Print – North Warehouse",
                attention: "Paper receiving",
                street1: "8800 N Lehigh Ave",
                city: "Niles",
                state: "IL",
                postal_code: "60714",
                country: "US",
                phone: "(847) 555-0177",
                is_default: true,
              },
            ],
            active: true,
          },
        ]
      : [
          {
            name: "Other Print Plant",
            code: "OPP",
            kind: "plant",
            street1: "401 Commerce Dr",
            city: "Madison",
            state: "WI",
            postal_code: "53719",
            country: "US",
            timezone: "America/Chicago",
            order_cutoff: "15:00",
            shipping_addresses: [
              {
                nickname: "Loading dock",
                company: "Other Print Co",
                street1: "401 Commerce Dr",
                city: "Madison",
                state: "WI",
                postal_code: "53719",
                country: "US",
                is_default: true,
              },
            ],
            active: true,
          },
        ],
});
