"""Seeds are a contract: the same seed must give the same task across refactorings.

Each registered family has its own digest of the tasks its seeds 0-3 build and of the plan of
its seed-1 parameters. If you change a family on purpose (new parameters, other wording),
update its line in DIGESTS and say so in the change: results reported against its seeds no
longer compare. A new family fails here with the line to add.
"""

from __future__ import annotations

import hashlib

import pytest

from mobile_gym.tasks import registry

# family name -> sha256 of its seeds' tasks (kept sorted, one family a line)
DIGESTS = {
    "CalendarAddOneEvent": "8a4ff06289b7908d712e2677f3bbae392efaf90b00b077a9a832f0f5f492aed0",
    "CalendarAddOneEventInTwoWeeks": "0b4533e2dc5bbe5cc0a5cba834cdc2bb2dcbeabe4a86bdd72b37c34e25e1132f",
    "CalendarAddOneEventRelativeDay": "b705a19336daac18aea6d9ba53f9fdbb8fb87c699feb37478af4dafe9c9f235e",
    "CalendarAddOneEventTomorrow": "124997afbaf1764f6aa95c54bad557f6e7e9d8b361e1250694712fe0791a2eb0",
    "CalendarAddRepeatingEvent": "c77695256a062308f273b73b56020e88ee3ee01fcda4dbe2bb11f94fbf6cd9e6",
    "CalendarAnyEventsOnDate": "90613132d3beb2c0c1bd866045e26bbb3854ae184af6ad43e6e34ec2f60a6446",
    "CalendarDeleteDuplicateEvents": "610b30193a1458644d0a6dc9829d8b541447d0a65b35f5298f40ee6b0f70c6df",
    "CalendarDeleteEvents": "a0b17d2a730547fd16a8a22c4428ebdecf9e1f39e688218a0f35ac905abde095",
    "CalendarDeleteEventsOnRelativeDay": "bc4eff374104020a4cde239e79c3e48cb1e7dfc6cf2e808caa044bc7c8cc8962",
    "CalendarDeleteOneEvent": "efc45473c2ef611032e0b90db20dfe14f6e38c77d4244ed8700f82bb85e8088f",
    "CalendarEventOnDateAtTime": "4822dbd7c1c21d09be3fee0f4701d3aa60ed9e2f3caa016780ddecbd482e29cd",
    "CalendarEventsInNextWeek": "d9f74ec9a0a0891d13ad40b8b21b7079f7015a387459bac27eb3b1612147be1c",
    "CalendarEventsInTimeRange": "9d68c247947db5c98b59b94bbdd274c6f5a2ca8a24f8a232a0bf241103384466",
    "CalendarEventsOnDate": "fb5f00b86f72796f71a367f2a3faa9f007a980df4b280bab6379aae1a112cbe4",
    "CalendarFirstEventAfterStartTime": "6790054ff01f059b3c8bf962755c743818a8af3bf43c2ca0dd247ff10b62ad47",
    "CalendarLocationOfEvent": "5f5f04de3fc05f1091997121aceaa15329641d767dd2aef6527923a34739269d",
    "CalendarNextEvent": "0c2b1e849e098d2c9516ad776130634835dff18212a43c20e44ea4c94d1cbb79",
    "CalendarNextMeetingWithPerson": "37c28d5bf3fe0d8568762f9401c765ae9bdd85d8931b5949f80ff737d8b1ba77",
    "ContactsAddContact": "4c0253a9b3c974d59031d10753c80b6ca3508b6363470c0a43e5c6323b74dd41",
    "ContactsNewContactDraft": "c8aa513c761d0153087c355a0b42900882fcd1c4bfc329308f8910b942aab8b4",
    "ExpenseAddMultiple": "ed487b92adb58143e2d01b316204cde7d4c846a3eba2d9eaf23e76162c906e5b",
    "ExpenseAddMultipleFromMarkor": "6a8f3349bed2246051c2343b507dd30718dcc9db07aa1ef0b0d1153533337554",
    "ExpenseAddSingle": "04a1e001e3ddb10f66c6e82651428f0a2f245b0ee42acb1138030e0c3f3bd5ae",
    "ExpenseDeleteDuplicates": "8216f461cc30c4aa29ca5b5e879be1fe7873531dc47319cafff84fe76d4e0a2f",
    "ExpenseDeleteDuplicates2": "fda066a3ce841968f7b92f0c68c7d282488bea968e6f7a566fc15d5229b72761",
    "ExpenseDeleteMultiple": "144333c44219571575fcf13a54fc98599b9549330aa60439ef2f052ce3f9152e",
    "ExpenseDeleteMultiple2": "60ea2ed09f83b828fbffaf324fe29bfb3fdc020c056aac4fb5e8b5df3a17806d",
    "ExpenseDeleteSingle": "6f7c19ce64192b3515b1528a6970925e5e2d72c5ec3cbf3399c7ca37e83bb7b5",
    "MarkorAddNoteHeader": "82542c86eb62de7866585395fddf23bc398e6cefa8a69f8ddb43d289999048eb",
    "MarkorChangeNoteContent": "5512af65ad0001fe322cd103280d749cd7c4cf8c391c0041c1cad772a3bad1ff",
    "MarkorCreateFolder": "2b14e20f372900673b0b054924aecf4b2306ef2af0942ad025d950d4634da8ee",
    "MarkorCreateNote": "ce893123cf0bb90cb0b1be923d55153898606c7f4053942867e9dc755d373769",
    "MarkorCreateNoteAndSms": "cbfaf88bea3d2f3c60bf4953a4eaa0a07a44972b396022e8a7ebc8cd19db68c7",
    "MarkorCreateNoteFromClipboard": "63c946eb17ed9871ec454fd98e0f03f7e88580e02f440417854abd3536d2f13f",
    "MarkorDeleteAllNotes": "8b74ff54365ef701f49afad34ab18306cedd66559238c064a3cd1736f990ce4a",
    "MarkorDeleteNewestNote": "c695b8c2893a9a134a24800447e22c3c6a5a47dd8f0f252d6f05fa9689a42cf2",
    "MarkorDeleteNote": "30dd39c93b139d547f22b66e57d7ecfd6eca83e4882f3ef3c60e21261773a7b0",
    "MarkorEditNote": "e6bcea8aa8ba175f705e5751e1490a5c70750fd4ef941a2ab9893104c3496fd2",
    "MarkorMergeNotes": "e872b396d6a016f8cf6fbb7126c30a91dc48f314bd246e0b52852a01e633d748",
    "MarkorMoveNote": "3f4a4c7d49caaf393cdd33ae2a18fede32bc3e7d4b5ad0a123f25ae8dd8664c4",
    "NotesIsTodo": "7def512b9c1e9253d5463ee63d4f42a6abca46954098677d525aa54b3eb5e60b",
    "NotesMeetingAttendeeCount": "7002b325f748d3be739ee6afdf942986e605820bf0455ffed90f0b5292ba1e77",
    "NotesRecipeIngredientCount": "255145db64b51132583258782d18d7f27c196788581d38327df224467a3d30ad",
    "NotesTodoItemCount": "eb9f86ef3a8675b39c993c40d8e4ac45d3692e6d97749f1e0bfc3e6bb7328f15",
    "OpenApp": "e5ab4c77e6e3d71214ca0a99e47f44b220d1ce6d6f992ed1ce06ff7c396fd271",
    "RecipeAddMultipleRecipes": "f7afc524dee357520a90ea75d6b1ef0e48c82fa4fc49c4372f2e67816fc5ab8c",
    "RecipeAddMultipleRecipesFromMarkor": "dcd8618660ddbc9efceb34a5ce18879d5ee64b150e903d5a797967338928f188",
    "RecipeAddMultipleRecipesFromMarkor2": "5a2b474cfd444715bca860c04a35be577a4b34cb1f5a89d32095cf9d1a4be321",
    "RecipeAddSingleRecipe": "9cc013d92ef21b0cb05b85cc3b83673f923519ab8ed6980ef645763a2aed8f2c",
    "RecipeDeleteDuplicateRecipes": "089e18811954ab7bdf70cd749e5a864c403d16f2d3890e792ab79a30b91382d2",
    "RecipeDeleteDuplicateRecipes2": "48be42809e790bc32921bcc0901dad9ea1981d83baed9781be443b4899745c72",
    "RecipeDeleteDuplicateRecipes3": "e8cb01241373858adf0abd62fb9aa98443985efd9955207da8a2d6de582e6185",
    "RecipeDeleteMultipleRecipes": "1cfe7dbc806d351e6d9eb019f4fea453437abc93862bb11d29f111d228c676de",
    "RecipeDeleteMultipleRecipesWithConstraint": "9b16af1b8609410169ff914b4295a376f665a24ca04f31d3c25988205d09a8b5",
    "RecipeDeleteMultipleRecipesWithNoise": "deee0b19f7c1c8870e1777a46ddec5035ebc51d617aaad1f23ea0602ff3b223a",
    "RecipeDeleteSingleRecipe": "e571457ee721a62af854e774f924a49c6cb637113e66782377a88903c709e1be",
    "RecipeDeleteSingleWithRecipeWithNoise": "34fa6c940503f6b827d99aaba92481353d1ccb23895e20f986fa55376c5a85bc",
    "SimpleSmsReply": "07e6de7e274d75355fa742b87312838744c01dd2ceda3f113d786adc006a455d",
    "SimpleSmsReplyMostRecent": "10e30ed0adc6800b67e2539d19dab83883e3b9d038e702a706ba5578f338a2d0",
    "SimpleSmsResend": "bfaf36ea801b09d99ef5a9089a33913f96adbb68a4d3d9cee62bb4c4d5646ed8",
    "SimpleSmsSend": "c29b538cf59f30a8a5ecb5273fc071e9463073f8d8d71cddd9e1ff5d09e93589",
    "SimpleSmsSendClipboardContent": "9813d31801a2065c7f22cce1cd49cf5a2eabc8a9e920628bbf243fcf81e1eeea",
    "SimpleSmsSendReceivedAddress": "11cb2b95332792432352c34a4511954fcae4de856509b23c89b3f4c6d57cad5e",
    "SportsTrackerActivitiesCountForWeek": "99de362432e080922cd176faa84e9e3db34e903fcb10ec6e0ae3bbf9fa7c7a03",
    "SportsTrackerActivitiesOnDate": "507d689b3faaf480c9cac1473aebc07efb8c4d531f3c8df565e2338465ed5cf7",
    "SportsTrackerActivityDuration": "59698ccc1760ebbc9c30041095d46e857753c86d70604db1182c81234bb84126",
    "SportsTrackerLongestDistanceActivity": "f434a3e71f15b7f16d6db3e4a25d670cd3e19794ce1e21f35d962d94e7356ada",
    "SportsTrackerTotalDistanceForCategoryOverInterval": "2e8305866ea9da3a8c58f85fbe76f445278810d18832c8ee46ec0efc3fb7110d",
    "SportsTrackerTotalDurationForCategoryThisWeek": "33417e02ceabfc3e708ab975cbf6cec7c793363c05eaee884436d0b67761c4a3",
    "SystemBluetoothTurnOff": "2dd12d8c152714192cc36e80395e99524c2db466b2b64069c08d00647001bd41",
    "SystemBluetoothTurnOffVerify": "f4f587d9eae984419e63d62928dbd8abe56cc109935df5b6a50587b5983e303a",
    "SystemBluetoothTurnOn": "861d09674a920bf34edc73ea214ac29f4e96360abcc8af8783d36327a86f83b6",
    "SystemBluetoothTurnOnVerify": "243521db5b1523fb41802b49697aa337ad758fc680510c76bcf7ee77ea6ef0b5",
    "SystemBrightnessMax": "c6229743084d3229d4a2e29ab5d09c69c93d035f76fb2421335300cf24249742",
    "SystemBrightnessMaxVerify": "899fddf00af8d5fd916ecf99cb086e132822e969721bd304571d5c2c2746301c",
    "SystemBrightnessMin": "4af5231f08be8e44046d8749ead8424903a1dca3dda7f480ca838c750801ddd9",
    "SystemBrightnessMinVerify": "2a769c7ef47b3d1c07cca50e6dff77e03c3aedba0dc98a5aa098616a63c806f1",
    "SystemWifiTurnOff": "d4c1b17969d35f89dcc98e506b36d4f2223f394a0d3a756eb67963ccd8b9c66f",
    "SystemWifiTurnOffVerify": "93aa750800605cc7200ae302fbb8643c3344d2e3dc274f15ec00433a9381995a",
    "SystemWifiTurnOn": "7fcf7947bc49928df2c64ed993461c30b8fbb3dac076b15ae5ab279242fdd46f",
    "SystemWifiTurnOnVerify": "7f664c453f0a88a507730cad809ae5847209dc9723b00c89360c582ecd3a09bf",
    "TasksCompletedTasksForDate": "7ce997d16a49c816bf4b7093fdd24dea086182ab896799ea230a504a678c2af9",
    "TasksDueNextWeek": "acdc98990d292f8b72414e9c1c3c84114e580e258389f5b3a1b561e38b2a913b",
    "TasksDueOnDate": "dbe9c925b7027518432d30a0e4b36d5e53a7c729ca2da05186e58b9dcb746b24",
    "TasksHighPriorityTasks": "bd05208f93b5f071542e1bc131f98aaf3e37ff7afa82395ae5a45e5a27e8d261",
    "TasksHighPriorityTasksDueOnDate": "09b7ea2a712ed48eb685ee4e42204f334f760f37f5d8c6ded35fd81d398ceb13",
    "TasksIncompleteTasksOnDate": "eb75ea9bfee73070cd5d4dbc002996e10eeae4e14dce51ae984e9d57f6dc3607",
    "TurnOffWifiAndTurnOnBluetooth": "c0718aa30c39002f8e93eaed4cf1e04860fdb211def5e7572ee1bd432039a7c5",
    "TurnOnWifiAndOpenApp": "c933855e3d10cf53ade21410d235efdf191e74d45d82cfb68163924c1fc967d4",
}

FAMILIES = [info["name"] for info in registry.list_tasks()]


def family_digest(name: str) -> str:
    family = registry.get_family(name)
    h = hashlib.sha256()
    for seed in range(4):
        h.update(family.make_task(seed).proto.SerializeToString(deterministic=True))
    h.update(repr(family.plan(family.params(1))).encode())
    return h.hexdigest()


@pytest.mark.parametrize("name", FAMILIES)
def test_family_builds_the_same_tasks_for_the_same_seeds(name):
    digest = family_digest(name)
    assert name in DIGESTS, (f"family {name} has no seed digest: once its tasks are as intended, add the line\n"
                             f'    "{name}": "{digest}",\nto DIGESTS in {__file__}')
    assert digest == DIGESTS[name], (f"family {name} builds other tasks for seeds 0-3 than before; if that is "
                                     f'intended, set its digest in DIGESTS to "{digest}" and say so in the change')


def test_every_digest_belongs_to_a_registered_family():
    assert sorted(set(DIGESTS) - set(FAMILIES)) == []
