export declare const generateVapidKeys: () => { publicKey: string; privateKey: string };
