export { Clients, type ClientsProps } from "./Clients";
