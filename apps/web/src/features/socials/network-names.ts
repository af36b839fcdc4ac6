import { type OauthNetwork, oauthNetworks } from '@stromwerk/contracts/social-values';

export const isOauthNetworkName = (network: string): network is OauthNetwork =>
  (oauthNetworks as readonly string[]).includes(network);
