/** Money is stored as integer paise and sent as rupee numbers (2 decimals at most). */
export const toPaise = (rupees: number): number => Math.round(rupees * 100)
export const toRupees = (paise: number): number => paise / 100
